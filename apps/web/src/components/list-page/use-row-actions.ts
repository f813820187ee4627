import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { confirm } from '../confirm-dialog/confirm-dialog';
import type { MenuEntry } from '../menu-button/menu-button';
import type { ListPageProps } from './types';
import type { useDetailRouting } from './use-detail-routing';

/** Row actions keep Ant Design's item shape (key, icon, label, danger, disabled, onClick; dividers). */
function toEntries(items: MenuProps['items']): MenuEntry[] {
  return (items ?? []).flatMap((item): MenuEntry[] => {
    if (!item) return [];
    if ('type' in item && item.type === 'divider') return [{ key: String(item.key ?? ''), type: 'divider' }];
    const entry = item as unknown as MenuEntry;
    return [
      {
        key: String(entry.key),
        label: entry.label,
        icon: entry.icon,
        danger: entry.danger,
        disabled: entry.disabled,
        onClick: entry.onClick as MenuEntry['onClick'],
      },
    ];
  });
}

/**
 * The entries of a list row's "⋮" menu: details, edit (an editable list), the page's own `rowActions`,
 * then delete (when the row may be removed), which asks first and then removes the row, says so and
 * refreshes the list.
 */
export function useRowActions<T, V>(
  props: Pick<ListPageProps<T, V>, 'rowKey' | 'detail' | 'rowActions' | 'queryKeyPrefix'>,
  open: ReturnType<typeof useDetailRouting>['open'],
): (row: T) => MenuEntry[] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = props.detail;

  const removeRow = useMutation({
    mutationFn: (id: string) => detail?.remove?.(id) ?? Promise.resolve(),
    onSuccess: async () => {
      notify.success(t('common.deleteSuccess'));
      await queryClient.invalidateQueries({ queryKey: props.queryKeyPrefix });
    },
  });

  return (row: T) => {
    const id = props.rowKey(row);
    const entries: MenuProps['items'] = [
      {
        key: 'view',
        icon: createElement(EyeOutlined),
        label: t('common.details'),
        onClick: () => open('view', id),
      },
    ];
    if (detail?.renderForm && detail.save) {
      entries.push({
        key: 'edit',
        icon: createElement(EditOutlined),
        label: t('common.edit'),
        onClick: () => open('edit', id),
      });
    }
    if (props.rowActions) entries.push(...props.rowActions(row));
    if (detail?.remove && (!detail.canRemove || detail.canRemove(row))) {
      entries.push({
        key: 'delete',
        icon: createElement(DeleteOutlined),
        label: t('common.delete'),
        danger: true,
        onClick: () =>
          confirm({
            title: t('common.deleteConfirmTitle'),
            content: detail.removeConfirmText ?? t('common.deleteConfirmText'),
            okText: t('common.delete'),
            danger: true,
            cancelText: t('common.cancel'),
            onOk: () => removeRow.mutateAsync(id),
          }),
      });
    }
    return toEntries(entries);
  };
}
