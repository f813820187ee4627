import '../i18n';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { ActionCancelled } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import { createRole, ROLES_QUERY_KEY, removeRole, roleQuery, rolesListQuery, updateRole } from '../api/roles';
import { PermissionMatrix } from '../components/permission-matrix';
import { RoleName, roleLabel } from '../components/role-name';
import { type Role, roleDescription } from '../types';
import './permissions-page.css';

interface RoleFormValues {
  name: string;
  descriptionEs?: string;
  descriptionEn?: string;
}

const orNull = (value?: string) => (value?.trim() ? value.trim() : null);

const ROLE_NAME = /^[A-Za-z0-9ÁÉÍÓÚÜÑáéíóúüñ_ -]{3,30}$/;

/**
 * Security › Permissions (spec §6, §7): the roles (SUPER_ADMIN highlighted, not removable), create, rename,
 * delete (with a clear choice when the role is assigned), and the permission matrix of each role.
 */
export default function PermissionsPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();

  /** Deleting an assigned role: say how many hold it and offer to take it from them first. */
  const remove = async (id: string) => {
    try {
      return await removeRole(id);
    } catch (error) {
      const holders = (error as { details?: { users?: number } }).details?.users;
      if (!(isApiError(error) && error.reference === 465)) throw error;
      const force = await new Promise<boolean>((resolve) =>
        modal.confirm({
          title: t('security.remove.assignedTitle'),
          content: t('security.remove.assignedText', { count: Number(holders ?? 0) }),
          okText: t('security.remove.force'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
      if (!force) throw new ActionCancelled();
      return removeRole(id, true);
    }
  };

  const columns: ListColumn<Role>[] = [
    {
      key: 'name',
      title: t('security.fields.name'),
      sortField: 'name',
      render: (_value, role) => <RoleName name={role.name} superAdmin={role.superAdmin} />,
    },
    {
      key: 'description',
      responsive: ['lg'],
      title: t('security.fields.description'),
      dataIndex: 'description',
      render: (_value, role) => roleDescription(role, i18n.language) ?? '—',
    },
    {
      key: 'users',
      responsive: ['md'],
      title: t('security.fields.users'),
      dataIndex: 'users',
      align: 'right',
    },
    {
      key: 'permissions',
      title: t('security.fields.permissions'),
      render: (_value, role) => (role.superAdmin ? t('security.all') : role.permissions.length),
      align: 'right',
    },
    {
      key: 'createdAt',
      responsive: ['lg'],
      title: t('security.fields.createdAt'),
      dataIndex: 'createdAt',
      defaultHidden: true,
      render: (value) => formatDate(value as string, i18n.language),
    },
  ];

  return (
    <ListPage<Role, RoleFormValues>
      tableId="roles"
      title={t('menu.permissions')}
      basePath={PATHS.permissions}
      queryKeyPrefix={ROLES_QUERY_KEY}
      query={rolesListQuery}
      columns={columns}
      rowKey={(role) => role._id}
      searchPlaceholder={t('security.searchPlaceholder')}
      detail={{
        title: (mode, role) =>
          mode === 'create' ? t('security.createTitle') : role ? roleLabel(t, role.name) : t('security.role'),
        getOne: roleQuery,
        renderView: (role) => (
          <>
            <Descriptions column={1} bordered size="small" className="ov-security__summary">
              <Descriptions.Item label={t('security.fields.name')}>
                <RoleName name={role.name} superAdmin={role.superAdmin} />
              </Descriptions.Item>
              <Descriptions.Item label={t('security.fields.description')}>
                {roleDescription(role, i18n.language) ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('security.fields.users')}>{role.users}</Descriptions.Item>
            </Descriptions>
            <h3 className="ov-security__heading">{t('security.matrix.title')}</h3>
            <PermissionMatrix role={role} />
          </>
        ),
        renderForm: ({ record }) => (
          <>
            <Form.Item
              name="name"
              label={t('security.fields.name')}
              extra={t('security.nameHint')}
              rules={[
                { required: true, message: t('security.validation.required') },
                { pattern: ROLE_NAME, message: t('security.validation.name') },
              ]}
            >
              <Input disabled={record?.system} autoComplete="off" data-testid="role-name" />
            </Form.Item>
            <Form.Item
              name="descriptionEs"
              label={t('security.fields.descriptionEs')}
              rules={[{ max: 250, message: t('security.validation.description') }]}
            >
              <Input.TextArea
                lang="es"
                autoSize={{ minRows: 2, maxRows: 5 }}
                data-testid="role-description-es"
              />
            </Form.Item>
            <Form.Item
              name="descriptionEn"
              label={t('security.fields.descriptionEn')}
              rules={[{ max: 250, message: t('security.validation.description') }]}
            >
              <Input.TextArea
                lang="en"
                autoSize={{ minRows: 2, maxRows: 5 }}
                data-testid="role-description-en"
              />
            </Form.Item>
          </>
        ),
        toFormValues: (role) => ({
          name: role.name,
          descriptionEs: role.descriptions?.es ?? role.description ?? '',
          descriptionEn: role.descriptions?.en ?? '',
        }),
        save: (values, id) => {
          const descriptions = { es: orNull(values.descriptionEs), en: orNull(values.descriptionEn) };
          return id
            ? updateRole(id, { name: values.name.trim(), descriptions })
            : createRole({ name: values.name.trim(), descriptions });
        },
        remove,
        canRemove: (role) => !role.system,
        canCreate: true,
      }}
    />
  );
}
