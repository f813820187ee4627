import { PERMISSION_ACTIONS } from '@ov/domain/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Skeleton, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table';
import { notify } from '../../../lib/notify';
import { ROLES_QUERY_KEY, setRolePermissions, usePermissionGroups } from '../api/roles';
import type { Role } from '../types';

interface MatrixRow {
  group: string;
  permissions: string[];
}

/**
 * Permissions of a role by group × action (read, write, delete, notify), plus the ones outside the grid
 * (CONTRACT_REQUEST:SEARCH, ADMIN). Each tick saves the whole list at once.
 */
export function PermissionMatrix({ role }: { role: Role }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const groups = usePermissionGroups();
  const [held, setHeld] = useState<string[]>(role.permissions);
  useEffect(() => setHeld(role.permissions), [role.permissions]);

  const save = useMutation({
    mutationFn: (next: string[]) => setRolePermissions(role._id, next),
    onSuccess: async (updated) => {
      setHeld(updated.permissions);
      queryClient.setQueryData([...ROLES_QUERY_KEY, 'one', role._id], updated);
      notify.success(t('security.matrix.saved'));
      await queryClient.invalidateQueries({ queryKey: [...ROLES_QUERY_KEY, 'list'] });
    },
    onError: () => setHeld(role.permissions),
  });

  const readOnly = role.system;
  const toggle = (permission: string, on: boolean) => {
    const next = on ? [...new Set([...held, permission])] : held.filter((p) => p !== permission);
    setHeld(next);
    save.mutate(next);
  };

  if (groups.isPending) return <Skeleton active />;
  const rows: MatrixRow[] = (groups.data ?? []).filter((row) => row.group !== 'ADMIN');
  const gridded = new Set(PERMISSION_ACTIONS.map((action) => action as string));
  const extras = (groups.data ?? []).flatMap((row) =>
    row.permissions.filter((permission) => {
      const action = permission.split(':')[1];
      return permission === 'ADMIN' || !gridded.has(action);
    }),
  );

  const groupLabel = (group: string) => t(`security.groups.${group}`, { defaultValue: group });
  // A grid box is named by its row and column as people read them ("Usuarios: Leer"), never by the
  // permission's key; a box with a visible label is named by it.
  const box = (permission: string, label?: string) => {
    const checked = role.superAdmin || held.includes(permission);
    const [group = '', action = ''] = permission.split(':');
    return (
      <Checkbox
        checked={checked}
        disabled={readOnly || save.isPending}
        onChange={(event) => toggle(permission, event.target.checked)}
        aria-label={label ? undefined : `${groupLabel(group)}: ${t(`security.actions.${action}`)}`}
        data-permission={permission}
      >
        {label}
      </Checkbox>
    );
  };

  return (
    <div className="ov-security__matrix" data-testid="permission-matrix">
      {role.superAdmin ? (
        <Alert
          type="warning"
          showIcon
          message={t('security.matrix.superAdmin')}
          className="ov-security__note"
        />
      ) : role.system ? (
        <Alert type="info" showIcon message={t('security.matrix.system')} className="ov-security__note" />
      ) : null}
      <DataTable<MatrixRow>
        size="small"
        caption={t('security.matrix.caption')}
        rowKey={(row) => row.group}
        rows={rows}
        columns={[
          {
            key: 'group',
            title: t('security.matrix.group'),
            rowHeader: true,
            render: (row) => groupLabel(row.group),
          },
          ...PERMISSION_ACTIONS.map((action) => ({
            key: action,
            title: t(`security.actions.${action}`),
            align: 'center' as const,
            width: 72,
            render: (row: MatrixRow) => {
              const permission = `${row.group}:${action}`;
              return row.permissions.includes(permission) ? box(permission) : null;
            },
          })),
        ]}
      />
      {extras.length > 0 ? (
        <div className="ov-security__extras">
          {extras.map((permission) => (
            <Tooltip key={permission} title={permission}>
              <span className="ov-security__extra">
                {box(
                  permission,
                  t(`security.extra.${permission.replace(':', '_')}`, { defaultValue: permission }),
                )}
              </span>
            </Tooltip>
          ))}
        </div>
      ) : null}
    </div>
  );
}
