import '../i18n';
import { SolutionOutlined } from '@ant-design/icons';
import { hasPermission, PERMISSIONS } from '@ov/domain/permissions';
import { Button, Skeleton, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list-page/list-page';
import { userOption } from '../../../components/send-email-dialog/recipients';
import { displayName, useCurrentUser } from '../../../lib/current-user';
import { PATHS } from '../../../lib/urls';
import { usersListQuery } from '../api/find-users';
import { userQuery } from '../api/get-user';
import { removeUser } from '../api/remove-users';
import { RoutedUserView } from '../components/routed-user-view';
import { useSaveUser } from '../components/use-save-user';
import { USERS_ROOT_KEY, useUserMutations } from '../components/use-user-mutations';
import { useUserActions } from '../components/user-actions';
import { UserBulkActions } from '../components/user-bulk-actions';
import { useUserColumns } from '../components/user-columns';
import { useUserFilters } from '../components/user-filters';
import type { UserFormValues } from '../components/user-form';
import type { User } from '../types';
import './users-page.css';

const SendEmailDialog = lazy(() => import('../../../components/send-email-dialog/send-email-dialog'));
// Shown on demand only: loaded when first opened, so the list does not download their form controls
// (the user form's date picker and selects, the reset dialog's switch and checkbox).
const UserFormPanel = lazy(() => import('../components/user-form-panel'));
const ResetPasswordDialog = lazy(() =>
  import('../components/reset-password-dialog').then((m) => ({ default: m.ResetPasswordDialog })),
);

/**
 * Security › Users (spec §2): the list with filters, the row menu (details, edit, send e-mail, reset
 * password, change status, remove), bulk status and removal, and the detail/edit/create side dialog.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me, access } = useCurrentUser();
  const canAssignRoles = hasPermission(access.permissions, PERMISSIONS.ROLE_WRITE);
  // The server decides (USER:DELETE to remove, a notify permission to e-mail); the page only hides
  // what would be refused.
  const canDelete = hasPermission(access.permissions, PERMISSIONS.USER_DELETE);
  const canMail = hasPermission(access.permissions, [
    PERMISSIONS.NOTIFICATION_NOTIFY,
    PERMISSIONS.USER_NOTIFY,
  ]);
  const { filters, slot } = useUserFilters();
  const [resetFor, setResetFor] = useState<User | null>(null);
  // Kept once loaded, so it closes with its animation and hands focus back as before.
  const [resetLoaded, setResetLoaded] = useState(false);
  const [mailTo, setMailTo] = useState<User | null>(null);
  const isSelf = (user: User) => user._id === me._id;
  // Resetting another person's second factors is the super-administrator's alone (issue 30).
  const isSuperAdmin = me.roles.some((entry) => entry.role?.superAdmin);

  const columns = useUserColumns();
  const { refresh, changeStatus, bulkStatus, bulkDelete } = useUserMutations();
  const { save, formRef, conflictDialog } = useSaveUser({ canAssignRoles, refresh });
  const { rowActions, viewActions } = useUserActions({
    isSelf,
    changeStatus,
    onSendEmail: canMail ? setMailTo : undefined,
    onResetPassword: (user) => {
      setResetLoaded(true);
      setResetFor(user);
    },
    canResetFactors: isSuperAdmin,
  });

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
        bulkActions={(selected, clear) => (
          <UserBulkActions
            selected={selected}
            isSelf={isSelf}
            onDone={clear}
            bulkStatus={bulkStatus}
            bulkDelete={canDelete ? bulkDelete : undefined}
          />
        )}
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
          renderView: (user) => (
            <RoutedUserView user={user} showSecondFactors={isSuperAdmin && !isSelf(user)} />
          ),
          renderForm: ({ form, mode, record }) => {
            formRef.current = form;
            return (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <UserFormPanel form={form} mode={mode} record={record} canAssignRoles={canAssignRoles} />
              </Suspense>
            );
          },
          save,
          remove: canDelete ? (id) => removeUser(id) : undefined,
          canRemove: (user) => canDelete && !isSelf(user) && user.status !== 'DELETED',
          removeConfirmText: t('users.bulk.deleteText', { count: 1 }),
          canCreate: true,
          viewActions,
        }}
      />
      {resetLoaded ? (
        <Suspense fallback={<Spin fullscreen description={t('common.loading')} />}>
          <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
        </Suspense>
      ) : null}
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
