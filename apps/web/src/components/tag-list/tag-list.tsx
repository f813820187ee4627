import '../a11y/i18n';
import { Button, Popover } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './tag-list.css';

interface TagListProps {
  /** The tags, each with its key. */
  tags: ReactElement[];
  /** How many show before the rest fold into "+N" (spec §9). */
  max?: number;
}

/** A row of tags that never overflows its cell: past `max`, a "+N" button opens all of them (≤ 320 px). */
export function TagList({ tags, max = 2 }: TagListProps) {
  const { t } = useTranslation();
  if (tags.length <= max) return <span className="ov-tag-list">{tags}</span>;
  const hidden = tags.length - max;
  return (
    <span className="ov-tag-list">
      {tags.slice(0, max)}
      <Popover
        trigger="click"
        title={t('a11y.moreTagsTitle', { count: tags.length })}
        content={<span className="ov-tag-list ov-tag-list--all">{tags}</span>}
        styles={{ root: { maxWidth: 320 } }}
      >
        <Button
          size="small"
          className="ov-tag-list__more"
          aria-label={t('a11y.moreTags', { count: hidden })}
          data-testid="tag-list-more"
        >
          +{hidden}
        </Button>
      </Popover>
    </span>
  );
}
