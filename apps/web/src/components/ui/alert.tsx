import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { type ComponentType, type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

export type AlertType = 'success' | 'info' | 'warning' | 'error';

const ICONS: Record<AlertType, ComponentType> = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  type?: AlertType;
  /** The main text (Ant Design 6's name). */
  title?: ReactNode;
  /** Older name of `title`. */
  message?: ReactNode;
  description?: ReactNode;
  showIcon?: boolean;
  /** Replaces the type's icon. */
  icon?: ReactNode;
  /** Controls on the right (a button, a link). */
  action?: ReactNode;
  /** Shows a close button; the alert hides itself when pressed. */
  closable?: boolean;
  onClose?: () => void;
  /** Full-width, no border or radius, icon shown: a notice on top of a page. */
  banner?: boolean;
}

/**
 * A coloured notice drawn like the theme's Ant Design Alert. Errors and warnings are `role="alert"`
 * (read out when they appear), success and info `role="status"` (polite); `role` overrides.
 */
export function Alert({
  type: givenType,
  title,
  message,
  description,
  showIcon,
  icon,
  action,
  closable,
  onClose,
  banner,
  className,
  role,
  ...rest
}: AlertProps) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const type = givenType ?? (banner ? 'warning' : 'info');
  const Icon = ICONS[type];
  const main = title ?? message;
  const withIcon = showIcon ?? banner;
  const classes = [
    'ov-alert',
    `ov-alert--${type}`,
    description ? 'ov-alert--with-description' : '',
    banner ? 'ov-alert--banner' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      {...rest}
      className={classes}
      role={role ?? (type === 'error' || type === 'warning' ? 'alert' : 'status')}
    >
      {withIcon ? (
        <span className="ov-alert__icon" aria-hidden="true">
          {icon ?? <Icon />}
        </span>
      ) : null}
      <div className="ov-alert__content">
        {main !== undefined && main !== null ? <div className="ov-alert__title">{main}</div> : null}
        {description ? <div className="ov-alert__description">{description}</div> : null}
      </div>
      {action ? <div className="ov-alert__action">{action}</div> : null}
      {closable ? (
        <button
          type="button"
          className="ov-alert__close"
          aria-label={t('ui.close')}
          onClick={() => {
            setClosed(true);
            onClose?.();
          }}
        >
          <CloseOutlined aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
