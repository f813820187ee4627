import { CloseCircleFilled, ColumnHeightOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../form-kit/inputs';
import { MenuButton } from '../menu-button/menu-button';
import { Button, Popover, Space, Tooltip } from '../ui';
import { ROW_SIZES, type RowSize } from './types';

interface ListToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder?: string;
  filtersSlot?: ReactNode;
  bulkSlot?: ReactNode;
  columns: { key: string; title: ReactNode }[];
  hidden: string[];
  onHiddenChange: (hidden: string[]) => void;
  size: RowSize;
  onSizeChange: (size: RowSize) => void;
  showSize: boolean;
}

export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.search);
  const input = useRef<HTMLInputElement>(null);
  const change = (value: string) => {
    setText(value);
    props.onSearch(value);
  };
  const visible = props.columns.map((column) => column.key).filter((key) => !props.hidden.includes(key));

  // Native checkboxes in the table's look (data-table.css), named by the popover's title: Ant Design's
  // checkbox group was a chunk of its own (≈7 KB brotli) on every list page for this one popover.
  const columnPicker = (
    <fieldset className="ov-list__column-picker">
      <legend className="ov-visually-hidden">{t('list.columns')}</legend>
      {props.columns.map((column) => (
        <label key={column.key} className="ov-list__column-option">
          <input
            type="checkbox"
            className="ov-table__check"
            checked={visible.includes(column.key)}
            onChange={(event) =>
              props.onHiddenChange(
                event.target.checked
                  ? props.hidden.filter((key) => key !== column.key)
                  : [...props.hidden, column.key],
              )
            }
          />
          <span>{column.title}</span>
        </label>
      ))}
    </fieldset>
  );

  return (
    <div className="ov-list__toolbar">
      <div className="ov-list__toolbar-main">
        {/* The search field with its clear and search buttons joined at its end, as Ant Design's search. */}
        <span className="ov-list__search ov-list-search" data-testid="list-search">
          <span className="ov-list-search__field">
            <TextInput
              ref={input}
              type="search"
              value={text}
              placeholder={props.searchPlaceholder ?? t('list.searchPlaceholder')}
              onChange={(event) => change(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') props.onSearch(text);
              }}
              className="ov-list-search__input"
              aria-label={t('list.search')}
            />
            {text ? (
              <button
                type="button"
                className="ov-list-search__clear"
                aria-label={t('list.clearSearch')}
                onClick={() => {
                  change('');
                  input.current?.focus();
                }}
              >
                <CloseCircleFilled aria-hidden="true" />
              </button>
            ) : null}
          </span>
          <Button
            icon={<SearchOutlined />}
            aria-label={t('list.search')}
            className="ov-list-search__button"
            onClick={() => props.onSearch(text)}
          />
        </span>
        {props.filtersSlot}
      </div>
      <Space wrap className="ov-list__toolbar-tools">
        {props.bulkSlot}
        <Popover content={columnPicker} title={t('list.columns')} trigger="click" placement="bottomRight">
          <Tooltip title={t('list.columns')}>
            <Button icon={<SettingOutlined />} aria-label={t('list.columns')} data-testid="list-columns" />
          </Tooltip>
        </Popover>
        {props.showSize ? (
          <MenuButton
            label={t('list.rowSize')}
            items={ROW_SIZES.map((size) => ({
              key: size,
              label: t(`list.size.${size}`),
              checked: size === props.size,
              onClick: () => props.onSizeChange(size),
            }))}
          >
            <Tooltip title={t('list.rowSize')}>
              <Button
                icon={<ColumnHeightOutlined />}
                aria-label={t('list.rowSize')}
                data-testid="list-size"
              />
            </Tooltip>
          </MenuButton>
        ) : null}
      </Space>
    </div>
  );
}
