import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type Ref, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { AntdScope } from '../antd/antd-scope';
import { DetailDialog } from '../detail-dialog/detail-dialog';
import { Result } from '../result/result';
import { Skeleton } from '../ui';
import type { DetailFormHandle } from './list-detail-form';
import type { DetailConfig } from './types';
import type { useDetailRouting } from './use-detail-routing';

/** The create/edit form (Ant Design's Form): fetched when a list is first edited. */
export const loadDetailForm = () => import('./list-detail-form');
const DetailForm = lazy(loadDetailForm) as unknown as ComponentType<{
  config: DetailConfig<unknown, unknown>;
  mode: 'edit' | 'create';
  id: string | null;
  record: unknown;
  onValid: (values: unknown) => void;
  handle: Ref<DetailFormHandle>;
}>;

interface ListDetailProps<T, V> {
  config: DetailConfig<T, V>;
  routing: ReturnType<typeof useDetailRouting>;
  /** The record as shown in the current page, when it is there. */
  rowRecord: T | undefined;
  queryKeyPrefix: QueryKey;
}

/** The list's side dialog: loads the record, switches modes, saves (create or update) and deletes. */
export function ListDetail<T, V extends object>({
  config,
  routing,
  rowRecord,
  queryKeyPrefix,
}: ListDetailProps<T, V>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formHandle = useRef<DetailFormHandle>(null);
  const { mode, id } = routing;

  const one = config.getOne && id ? config.getOne(id) : null;
  const recordQuery = useQuery({
    queryKey: one?.queryKey ?? ['detail-none'],
    queryFn: one?.queryFn ?? (async () => undefined as T),
    enabled: Boolean(one) && mode !== 'create',
    initialData: rowRecord,
  });
  const record = mode === 'create' ? undefined : (recordQuery.data ?? rowRecord);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: queryKeyPrefix });

  const save = useMutation({
    mutationFn: (values: V) => {
      if (!config.save) throw new Error('Save is not available');
      return config.save(values, mode === 'edit' ? id : null);
    },
    onSuccess: async () => {
      notify.success(t(mode === 'edit' ? 'common.updateSuccess' : 'common.createSuccess'));
      await invalidate();
      if (mode === 'edit' && routing.fromView) routing.cancelEdit();
      else routing.close();
    },
  });

  const remove = useMutation({
    mutationFn: (recordId: string) => {
      if (!config.remove) throw new Error('Delete is not available');
      return config.remove(recordId);
    },
    onSuccess: async () => {
      notify.success(t('common.deleteSuccess'));
      await invalidate();
      routing.close();
    },
  });

  if (!mode) return null;
  const editable = Boolean(config.renderForm && config.save);
  const missing = mode !== 'create' && !record && !recordQuery.isFetching;

  // Invalid fields are shown next to each input; valid values are saved.
  const submit = () => formHandle.current?.submit();

  return (
    <DetailDialog
      open={routing.isOpen}
      mode={mode}
      title={config.title(mode, record)}
      loading={mode !== 'create' && !record && recordQuery.isFetching}
      saving={save.isPending}
      deleting={remove.isPending}
      onClose={routing.close}
      onEdit={editable && record && !missing ? () => routing.open('edit', id, { fromView: true }) : undefined}
      onDelete={
        config.remove && id && !missing && (!config.canRemove || (record && config.canRemove(record)))
          ? () => remove.mutate(id)
          : undefined
      }
      deleteConfirmText={config.removeConfirmText}
      onSave={submit}
      onCancel={routing.cancelEdit}
      extraActions={record && config.viewActions ? config.viewActions(record) : undefined}
    >
      {missing ? (
        <Result status="404" title={t('list.notFound')} />
      ) : mode === 'view' ? (
        record ? (
          config.renderView(record)
        ) : null
      ) : (
        <AntdScope fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <DetailForm
            config={config as DetailConfig<unknown, unknown>}
            mode={mode}
            id={id}
            record={record}
            onValid={(values) => save.mutate(values as V)}
            handle={formHandle}
          />
        </AntdScope>
      )}
    </DetailDialog>
  );
}
