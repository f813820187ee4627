import '../i18n';
import { BellOutlined, CheckOutlined, MailOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@ov/domain';
import { App, Button, Drawer, Empty, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAccess } from '../../../lib/access';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  type AppNotification,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useUnreadCount,
} from '../api/notifications-calls';
import { useNotificationStream } from '../api/use-notification-stream';
import { notificationText } from './notification-text';
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
        <Tooltip title={t('notifications.markRead')}>
          <Button
            type="text"
            size="small"
            icon={<CheckOutlined />}
            aria-label={t('notifications.markRead')}
            loading={markRead.isPending}
            onClick={() => markRead.mutate(row._id)}
            data-testid="notification-read"
          />
        </Tooltip>
      )}
    </li>
  );
}

function NotificationList({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const [size, setSize] = useState(PAGE);
  const list = useNotificationList(size, true);
  if (list.isLoading) return <Spin className="ov-notifications__spin" />;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <Empty description={t('notifications.empty')} />;
  return (
    <>
      <ul className="ov-notifications" data-testid="notifications-list">
        {items.map((row) => (
          <NotificationRow key={row._id} row={row} onOpen={onOpen} />
        ))}
      </ul>
      {(list.data?.total ?? 0) > items.length ? (
        <Button block type="link" onClick={() => setSize((value) => value + PAGE)} loading={list.isFetching}>
          {t('notifications.loadMore')}
        </Button>
      ) : null}
    </>
  );
}

/** The bell in the header: unread badge kept live over SSE, the drawer, and (for staff) send e-mail. */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const isMobile = useIsMobile();
  const { access } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [mailOpen, setMailOpen] = useState(false);
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const count = unread.data ?? 0;
  const canMail = canAccess(
    { permissions: [PERMISSIONS.NOTIFICATION_NOTIFY, PERMISSIONS.USER_NOTIFY] },
    access,
  );

  useNotificationStream((row) => {
    const { title, text } = notificationText(row, t, i18n.language);
    notification.info({
      title,
      description: text,
      placement: 'bottomRight',
      icon: <BellOutlined />,
    });
  });

  return (
    <>
      {/* The count in a corner of the bell (Ant Design's small badge in the theme's error colour). The
          button's name already says it, so it is not read twice. */}
      <span className="ov-bell" data-testid="notifications-count">
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={
            count
              ? `${t('notifications.open')} (${t('notifications.unread', { count })})`
              : t('notifications.open')
          }
          onClick={() => setOpen(true)}
          data-testid="notifications-bell"
        />
        {count > 0 ? (
          <span className="ov-bell__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </span>
      <Drawer
        title={t('notifications.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={isMobile ? '100%' : 400}
        destroyOnHidden
        className="ov-notifications-drawer"
        data-testid="notifications-drawer"
      >
        <div className="ov-notifications__toolbar">
          <span className="ov-notifications__summary">
            {count > 0 ? t('notifications.unread', { count }) : null}
          </span>
          <div className="ov-notifications__tools">
            {canMail ? (
              <Button
                size="small"
                icon={<MailOutlined />}
                onClick={() => setMailOpen(true)}
                data-testid="send-email-open"
              >
                {t('notifications.sendEmail')}
              </Button>
            ) : null}
            <Button
              size="small"
              icon={<CheckOutlined />}
              onClick={() => markAll.mutate()}
              disabled={count === 0}
              loading={markAll.isPending}
              data-testid="notifications-read-all"
            >
              {t('notifications.markAllRead')}
            </Button>
          </div>
        </div>
        <NotificationList onOpen={() => setOpen(false)} />
      </Drawer>
      {mailOpen ? (
        <Suspense fallback={null}>
          <SendEmailDialog open={mailOpen} onClose={() => setMailOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
