import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n';

/** The page sizes a list offers (Ant Design's pagination offered the same). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  /** Offer these page sizes (a select beside the pages); none: the size is fixed. */
  pageSizes?: readonly number[];
  /** Text before the pages ("12 facturas"). */
  totalText?: string;
}

/** Pages to show: the first, the last, the current one and its neighbours; null is a gap. */
export function pageItems(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const [index, p] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push(null);
    items.push(p);
  }
  return items;
}

/** A pager as a navigation landmark: previous, the page buttons (current marked), next, the size. */
export function Pager({ page, pageSize, total, onChange, pageSizes, totalText }: PagerProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sizes = pageSizes ?? [];
  if (pages <= 1 && (sizes.length === 0 || pageSize <= Math.min(...sizes))) return null;
  const go = (next: number) => onChange(Math.min(Math.max(next, 1), pages), pageSize);

  return (
    <nav className="ov-pager" aria-label={t('table.pagination')}>
      {totalText ? <span className="ov-pager__total">{totalText}</span> : null}
      <ul>
        <li>
          <button
            type="button"
            className="ov-pager__item"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
            aria-label={t('table.previousPage')}
          >
            <LeftOutlined aria-hidden />
          </button>
        </li>
        {pageItems(page, pages).map((item, index) =>
          item === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} className="ov-pager__gap" aria-hidden>
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={`ov-pager__item${item === page ? ' ov-pager__item--current' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('table.page', { page: item })}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="ov-pager__item"
            disabled={page >= pages}
            onClick={() => go(page + 1)}
            aria-label={t('table.nextPage')}
          >
            <RightOutlined aria-hidden />
          </button>
        </li>
      </ul>
      {sizes.length > 0 ? (
        <>
          <label htmlFor={sizeId} className="ov-visually-hidden">
            {t('table.rowsPerPage')}
          </label>
          <select
            id={sizeId}
            className="ov-pager__size"
            value={pageSize}
            onChange={(event) => onChange(1, Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {t('table.pageSize', { size })}
              </option>
            ))}
          </select>
        </>
      ) : null}
    </nav>
  );
}
