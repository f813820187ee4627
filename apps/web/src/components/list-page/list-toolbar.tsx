import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Popover, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
        <Input.Search
          allowClear
          value={text}
          placeholder={props.searchPlaceholder ?? t('list.searchPlaceholder')}
          onChange={(event) => {
            setText(event.target.value);
            props.onSearch(event.target.value);
          }}
          onSearch={(value) => props.onSearch(value)}
          className="ov-list__search"
          aria-label={t('list.search')}
          data-testid="list-search"
        />
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
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [props.size],
              items: ROW_SIZES.map((size) => ({ key: size, label: t(`list.size.${size}`) })),
              onClick: ({ key }) => props.onSizeChange(key as RowSize),
            }}
          >
            <Tooltip title={t('list.rowSize')}>
              <Button
                icon={<ColumnHeightOutlined />}
                aria-label={t('list.rowSize')}
                data-testid="list-size"
              />
            </Tooltip>
          </Dropdown>
        ) : null}
      </Space>
    </div>
  );
}
