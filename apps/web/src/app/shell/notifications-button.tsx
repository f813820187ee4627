/** The header's notifications drawer (live unread count, mark read, send e-mail for staff). */
export { NotificationsBell as NotificationsButton } from '../../features/notifications/components/notifications-bell';
