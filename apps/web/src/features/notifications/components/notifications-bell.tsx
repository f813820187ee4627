import '../i18n';
import { PERMISSIONS } from '@ov/domain/permissions';
import { lazy, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AntdScope } from '../../../components/antd/antd-scope';
import { Icon } from '../../../components/icon/icon';
import {
  BellOutlined,
  CheckOutlined,
  CloseOutlined,
  MailOutlined,
} from '../../../components/icon/icon-paths';
import { showToast } from '../../../components/toast/toast-store';
import { canAccess } from '../../../lib/access';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import {
  type AppNotification,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useUnreadCount,
} from '../api/notifications-calls';
import { useNotificationStream } from '../api/use-notification-stream';
import { notificationText } from './notification-text';
import '../../../styles/dialog.css';
import './notifications.css';

const SendEmailDialog = lazy(() => import('../../../components/send-email-dialog/send-email-dialog'));
const PAGE = 20;

function NotificationRow({ row, onOpen }: { row: AppNotification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkRead();
  const { title, text, link } = notificationText(row, t, i18n.language);
  return (
    <li
      className={`ov-notification${row.read ? '' : ' ov-notification--unread'}`}
      data-testid="notification"
      data-read={row.read}
    >
      <span className="ov-notification__dot" aria-hidden="true" />
      <div className="ov-notification__body">
        <strong>{title}</strong>
        {text ? <span>{text}</span> : null}
        {link ? (
          <Link
            to={link}
            className="ov-notification__link"
            data-testid="notification-link"
            onClick={() => {
              if (!row.read) markRead.mutate(row._id);
              onOpen();
            }}
          >
            {t('notifications.details')}
          </Link>
        ) : null}
        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, i18n.language)}</time>
      </div>
      {row.read ? null : (
        <button
          type="button"
          className="ov-notifications__icon-button"
          aria-label={t('notifications.markRead')}
          title={t('notifications.markRead')}
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(row._id)}
          data-testid="notification-read"
        >
          <Icon drawing={CheckOutlined} />
        </button>
      )}
    </li>
  );
}

function Spinner({ label }: { label: string }) {
  return (
    <div className="ov-notifications__spin" role="status">
      <span className="ov-spinner" aria-hidden="true" />
      <span className="ov-visually-hidden">{label}</span>
    </div>
  );
}

function NotificationList({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const [size, setSize] = useState(PAGE);
  const list = useNotificationList(size, true);
  if (list.isLoading) return <Spinner label={t('notifications.loading')} />;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <p className="ov-notifications__empty">{t('notifications.empty')}</p>;
  return (
    <>
      <ul className="ov-notifications" data-testid="notifications-list">
        {items.map((row) => (
          <NotificationRow key={row._id} row={row} onOpen={onOpen} />
        ))}
      </ul>
      {(list.data?.total ?? 0) > items.length ? (
        <button
          type="button"
          className="ov-notifications__more"
          onClick={() => setSize((value) => value + PAGE)}
          disabled={list.isFetching}
        >
          {t('notifications.loadMore')}
        </button>
      ) : null}
    </>
  );
}

/** The side panel: a modal `<dialog>` at the end edge (the whole width on phones). */
function NotificationsPanel({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && open && !dialog.open) dialog.showModal();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="ov-notifications-drawer ov-dialog-backdrop"
      aria-labelledby="ov-notifications-title"
      data-testid="notifications-drawer"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="ov-notifications-drawer__panel">
        <div className="ov-notifications-drawer__header">
          <button
            type="button"
            className="ov-notifications-drawer__close ov-dialog-close"
            aria-label={t('notifications.close')}
            onClick={onClose}
            data-testid="notifications-close"
          >
            <Icon drawing={CloseOutlined} />
          </button>
          <h2 id="ov-notifications-title">{t('notifications.title')}</h2>
        </div>
        <div className="ov-notifications-drawer__body">{children}</div>
      </div>
    </dialog>
  );
}

/** The bell in the header: unread badge kept live over SSE, the side panel, and (for staff) send e-mail. */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const { access } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [mailOpen, setMailOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;
  const canMail = canAccess(
    { permissions: [PERMISSIONS.NOTIFICATION_NOTIFY, PERMISSIONS.USER_NOTIFY] },
    access,
  );

  useNotificationStream((row) => {
    const { title, text } = notificationText(row, t, i18n.language);
    showToast({ kind: 'info', title, text });
  });

  // Closing hands focus back to the bell once the panel has left the page: while the modal panel is
  // open the bell is inert and cannot take it (focus fell to the page's body).
  const returnToBell = useRef(false);
  const close = () => {
    returnToBell.current = true;
    setOpen(false);
  };
  useEffect(() => {
    if (open || !returnToBell.current) return;
    returnToBell.current = false;
    bellRef.current?.focus();
  }, [open]);

  return (
    <>
      {/* The count in a corner of the bell (Ant Design's small badge in the theme's error colour). The
          button's name already says it, so it is not read twice. */}
      <span className="ov-bell" data-testid="notifications-count">
        <button
          ref={bellRef}
          type="button"
          className="ov-bell__button"
          aria-label={
            count
              ? `${t('notifications.open')} (${t('notifications.unread', { count })})`
              : t('notifications.open')
          }
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          data-testid="notifications-bell"
        >
          <Icon drawing={BellOutlined} />
        </button>
        {count > 0 ? (
          <span className="ov-bell__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </span>
      {open ? (
        <NotificationsPanel open={open} onClose={close}>
          <div className="ov-notifications__toolbar">
            <span className="ov-notifications__summary">
              {count > 0 ? t('notifications.unread', { count }) : null}
            </span>
            <div className="ov-notifications__tools">
              {canMail ? (
                <button
                  type="button"
                  className="ov-notifications__tool"
                  onClick={() => {
                    // The e-mail dialog is not inside this modal panel, which would leave it inert.
                    setOpen(false);
                    setMailOpen(true);
                  }}
                  data-testid="send-email-open"
                >
                  <Icon drawing={MailOutlined} />
                  {t('notifications.sendEmail')}
                </button>
              ) : null}
              <button
                type="button"
                className="ov-notifications__tool"
                onClick={() => markAll.mutate()}
                disabled={count === 0 || markAll.isPending}
                data-testid="notifications-read-all"
              >
                <Icon drawing={CheckOutlined} />
                {t('notifications.markAllRead')}
              </button>
            </div>
          </div>
          <NotificationList onOpen={() => setOpen(false)} />
        </NotificationsPanel>
      ) : null}
      {mailOpen ? (
        <AntdScope fallback={null}>
          <SendEmailDialog open={mailOpen} onClose={() => setMailOpen(false)} />
        </AntdScope>
      ) : null}
    </>
  );
}
