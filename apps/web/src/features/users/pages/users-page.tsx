import '../i18n';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownOutlined,
  KeyOutlined,
  LockOutlined,
  MailOutlined,
  SolutionOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { hasPermission, PERMISSIONS } from '@ov/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, type FormInstance, type MenuProps, Typography } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { userOption } from '../../../components/send-email-dialog/recipients';
import { isApiError } from '../../../lib/api-error';
import { displayName, useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/format';
import { ActionCancelled, notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useMunicipalityNames } from '../api/find-municipality-names';
import { usersListQuery } from '../api/find-users';

/** Every users query (list, one, roles): a change refreshes the open detail too. */
const USERS_ROOT_KEY = ['users'] as const;

import { getUser, userQuery } from '../api/get-user';
import { deleteUsers, removeUser } from '../api/remove-users';
import { createUser, recoverUser, updateUser } from '../api/save-user';
import { SETTABLE_STATUSES, type SettableStatus, setUsersStatus } from '../api/set-users-status';
import { useReferenceConflict } from '../components/reference-conflict';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { useUserFilters } from '../components/user-filters';
import {
  toUserFormValues,
  toUserPayload,
  UserFormFields,
  type UserFormValues,
} from '../components/user-form';
import { UserRoles } from '../components/user-roles';
import { UserStatusTag } from '../components/user-status-tag';
import { UserView, type UserViewTab } from '../components/user-view';
import type { User } from '../types';
import './users-page.css';

const SendEmailDialog = lazy(() => import('../../../components/send-email-dialog/send-email-dialog'));

/** The general/personal tabs of the detail follow the URL: `/admin/users/{id}` and `{id}/personal`. */
function RoutedUserView({ user }: { user: User }) {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const tab: UserViewTab = (params['*'] ?? '').split('/')[1] === 'personal' ? 'personal' : 'general';
  const base = `${PATHS.users}/${encodeURIComponent(user._id)}`;
  return (
    <UserView
      user={user}
      tab={tab}
      onTab={(next) =>
        navigate({ pathname: next === 'personal' ? `${base}/personal` : base, search: location.search })
      }
    />
  );
}

/**
 * Security › Users (spec §2): the list with filters, the row menu (details, edit, send e-mail, reset
 * password, change status, remove), bulk status and removal, and the detail/edit/create side dialog.
 */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user: me, access } = useCurrentUser();
  const canAssignRoles = hasPermission(access.permissions, PERMISSIONS.ROLE_WRITE);
  const municipalities = useMunicipalityNames();
  const { filters, slot } = useUserFilters();
  const [resetFor, setResetFor] = useState<User | null>(null);
  const [mailTo, setMailTo] = useState<User | null>(null);
  const [askConflict, conflictDialog] = useReferenceConflict();
  const formRef = useRef<FormInstance | null>(null);
  const isSelf = (user: User) => user._id === me._id;
  const isMobile = useIsMobile();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const changeStatus = useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: SettableStatus }) => setUsersStatus(ids, status),
    onSuccess: async () => {
      notify.success(t('common.updateSuccess'));
      await refresh();
    },
  });

  const bulkStatus = useMutation({
    meta: { silent: true },
    mutationFn: ({ ids, status }: { ids: string[]; status: SettableStatus }) => setUsersStatus(ids, status),
    onSuccess: async () => {
      notify.success(t('common.updateSuccess'));
      await refresh();
    },
    onError: () => void message.error(t('users.bulk.error')),
  });

  const bulkDelete = useMutation({
    meta: { silent: true },
    mutationFn: (ids: string[]) => deleteUsers(ids),
    onSuccess: async () => {
      notify.success(t('common.deleteSuccess'));
      await refresh();
    },
    onError: () => void message.error(t('users.bulk.error')),
  });

  const askStatus = (user: User, status: SettableStatus) => {
    if (status === 'ACTIVE') {
      changeStatus.mutate({ ids: [user._id], status });
      return;
    }
    modal.confirm({
      title: t('users.lock.title', { name: displayName(user) }),
      content: t('users.lock.text'),
      okText: t('users.actions.lock'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => changeStatus.mutateAsync({ ids: [user._id], status }),
    });
  };

  const sendEmail = (user: User) => setMailTo(user);

  const rowActions = (user: User): NonNullable<MenuProps['items']> => {
    if (user.status === 'DELETED') return [];
    const self = isSelf(user);
    const entries: NonNullable<MenuProps['items']> = [
      {
        key: 'email',
        icon: <MailOutlined />,
        label: t('users.actions.sendEmail'),
        disabled: self,
        onClick: () => sendEmail(user),
      },
      {
        key: 'reset',
        icon: <KeyOutlined />,
        label: t('users.actions.resetPassword'),
        onClick: () => setResetFor(user),
      },
    ];
    if (!self) {
      // Change status (spec §4): ACTIVE or LOCK, whichever the user is not in.
      entries.push(
        user.status === 'LOCK'
          ? {
              key: 'status-ACTIVE',
              icon: <CheckCircleOutlined />,
              label: t('users.actions.activate'),
              onClick: () => askStatus(user, 'ACTIVE'),
            }
          : {
              key: 'status-LOCK',
              icon: <LockOutlined />,
              label: t('users.actions.lock'),
              onClick: () => askStatus(user, 'LOCK'),
            },
      );
    }
    return entries;
  };

  const viewActions = (user: User) => {
    if (user.status === 'DELETED') return null;
    const self = isSelf(user);
    return (
      <>
        {self ? null : (
          <Button icon={<MailOutlined />} onClick={() => sendEmail(user)}>
            {t('users.actions.sendEmail')}
          </Button>
        )}
        <Button icon={<KeyOutlined />} onClick={() => setResetFor(user)} data-testid="view-reset-password">
          {t('users.actions.resetPassword')}
        </Button>
        {self ? null : user.status === 'LOCK' ? (
          <Button icon={<CheckCircleOutlined />} onClick={() => askStatus(user, 'ACTIVE')}>
            {t('users.actions.activate')}
          </Button>
        ) : (
          <Button icon={<LockOutlined />} onClick={() => askStatus(user, 'LOCK')} data-testid="view-lock">
            {t('users.actions.lock')}
          </Button>
        )}
      </>
    );
  };

  const bulkActions = (selected: User[], clear: () => void) => {
    const ids = selected.filter((user) => !isSelf(user) && user.status !== 'DELETED').map((user) => user._id);
    const skippedSelf = selected.some(isSelf);
    return (
      <>
        <Dropdown
          trigger={['click']}
          disabled={ids.length === 0}
          menu={{
            items: SETTABLE_STATUSES.map((status) => ({
              key: status,
              label: t(`users.status.${status}`),
              onClick: () =>
                modal.confirm({
                  title: t('users.bulk.statusTitle', {
                    count: ids.length,
                    status: t(`users.status.${status}`),
                  }),
                  content: skippedSelf ? t('users.bulk.selfSkipped') : undefined,
                  okText: t('users.bulk.apply'),
                  cancelText: t('common.cancel'),
                  onOk: () => bulkStatus.mutateAsync({ ids, status }).then(clear),
                }),
            })),
          }}
        >
          <Button icon={<SwapOutlined />} data-testid="bulk-status">
            {t('users.actions.changeStatus')} <DownOutlined />
          </Button>
        </Dropdown>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={ids.length === 0}
          data-testid="bulk-delete"
          onClick={() =>
            modal.confirm({
              title: t('users.bulk.deleteTitle', { count: ids.length }),
              content: [t('common.deleteConfirmText'), skippedSelf ? t('users.bulk.selfSkipped') : '']
                .filter(Boolean)
                .join(' '),
              okText: t('common.delete'),
              okButtonProps: { danger: true },
              cancelText: t('common.cancel'),
              onOk: () => bulkDelete.mutateAsync(ids).then(clear),
            })
          }
        >
          {t('common.delete')}
        </Button>
      </>
    );
  };

  /** Create or update; a 409 opens the reference-conflict warning (overwrite / recover / cancel). */
  const save = async (values: UserFormValues, id: string | null): Promise<User> => {
    const payload = toUserPayload(values, canAssignRoles);
    const version = Number(values.version ?? 0);
    try {
      return id ? await updateUser(id, payload, version) : await createUser(payload);
    } catch (error) {
      if (!(isApiError(error) && error.status === 409)) throw error;
      const details = (error.details ?? {}) as { ref?: string; current?: User };
      const choice = await askConflict(id ? 'stale' : 'removed');
      if (choice === 'overwrite') {
        return id ? await updateUser(id, payload, version, true) : await createUser(payload, true);
      }
      if (choice === 'recover' && id) {
        // The record changed meanwhile: show its current values and let the person decide again.
        const current = details.current ?? (await getUser(id));
        queryClient.setQueryData(userQuery(id).queryKey, current);
        formRef.current?.setFieldsValue(toUserFormValues(current) as never);
        message.info(t('users.conflict.reloaded'));
      } else if (choice === 'recover' && details.ref) {
        const recovered = await recoverUser(details.ref);
        await refresh();
        message.success(t('users.conflict.recovered'));
        navigate(`${PATHS.users}/${encodeURIComponent(recovered._id)}/edit`);
      }
      throw new ActionCancelled();
    }
  };

  const columns: ListColumn<User>[] = [
    {
      key: 'name',
      title: t('users.fields.name'),
      sortField: 'firstName',
      render: (_value, user) =>
        isMobile ? (
          // Below 992 px the e-mail column folds away: the e-mail goes under the name.
          <span className="ov-users__name">
            <Typography.Text strong>{displayName(user)}</Typography.Text>
            <Typography.Text type="secondary">{user.email}</Typography.Text>
          </span>
        ) : (
          <Typography.Text strong>{displayName(user)}</Typography.Text>
        ),
    },
    {
      key: 'email',
      title: t('users.fields.email'),
      dataIndex: 'email',
      sortField: 'email',
      responsive: ['md'],
    },
    {
      key: 'username',
      title: t('users.fields.username'),
      dataIndex: 'username',
      defaultHidden: true,
      render: (value) => value || '—',
    },
    {
      key: 'status',
      title: t('users.fields.status'),
      dataIndex: 'status',
      render: (value) => <UserStatusTag status={String(value)} />,
    },
    {
      key: 'clientType',
      responsive: ['lg'],
      title: t('users.fields.clientType'),
      dataIndex: 'clientType',
      render: (value) => (value ? t(`clientTypes.${value}`, { defaultValue: String(value) }) : '—'),
    },
    {
      key: 'municipality',
      responsive: ['lg'],
      title: t('users.fields.municipality'),
      defaultHidden: true,
      render: (_value, user) => {
        const key = user.address?.municipality;
        return key ? (municipalities.get(key) ?? String(key)) : '—';
      },
    },
    {
      key: 'roles',
      responsive: ['lg'],
      title: t('users.fields.roles'),
      className: 'ov-users__roles',
      render: (_value, user) => <UserRoles roles={user.roles} />,
    },
    {
      key: 'createdAt',
      responsive: ['lg'],
      title: t('users.fields.createdAt'),
      dataIndex: 'createdAt',
      sortField: 'createdAt',
      render: (value) => formatDate(value as string, i18n.language),
    },
  ];

  return (
    <>
      <ListPage<User, UserFormValues>
        tableId="users"
        title={t('menu.users')}
        basePath={PATHS.users}
        queryKeyPrefix={USERS_ROOT_KEY}
        query={usersListQuery}
        columns={columns}
        rowKey={(user) => user._id}
        filters={filters}
        searchPlaceholder={t('users.searchPlaceholder')}
        filtersSlot={slot}
        bulkActions={bulkActions}
        headerActions={
          <Button icon={<SolutionOutlined />} onClick={() => navigate(PATHS.accessRequests)}>
            {t('users.accessRequests')}
          </Button>
        }
        rowActions={rowActions}
        detail={{
          title: (mode, user) =>
            mode === 'create' ? t('users.createTitle') : user ? displayName(user) : t('users.detailTitle'),
          getOne: userQuery,
          renderView: (user) => <RoutedUserView user={user} />,
          renderForm: ({ form }) => {
            formRef.current = form;
            return <UserFormFields form={form} canAssignRoles={canAssignRoles} />;
          },
          toFormValues: toUserFormValues,
          save,
          remove: (id) => removeUser(id),
          canRemove: (user) => !isSelf(user) && user.status !== 'DELETED',
          canCreate: true,
          viewActions,
        }}
      />
      <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
      {mailTo ? (
        <Suspense fallback={null}>
          <SendEmailDialog
            open
            onClose={() => setMailTo(null)}
            initialRecipients={[userOption(mailTo._id, `${displayName(mailTo)} <${mailTo.email}>`)]}
          />
        </Suspense>
      ) : null}
      {conflictDialog}
    </>
  );
}
