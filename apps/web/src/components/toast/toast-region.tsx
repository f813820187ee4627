import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icon/icon';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  type IconDrawing,
  InfoCircleFilled,
} from '../icon/icon-paths';
import './i18n';
import { currentToasts, dismissToast, holdToast, subscribeToasts, type ToastKind } from './toast-store';
import '../../styles/dialog.css';
import './toast.css';

const ICONS: Record<ToastKind, IconDrawing> = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * Where toasts appear: a polite live region at the top of the screen (present from the start, so what
 * is added to it is read out). Problems and longer notices have a close button.
 */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <div className="ov-toasts" role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`ov-toast ov-toast--${toast.kind}`}
          data-testid="toast"
          data-kind={toast.kind}
          onPointerEnter={() => holdToast(toast.id, true)}
          onPointerLeave={() => holdToast(toast.id, false)}
          onFocus={() => holdToast(toast.id, true)}
          onBlur={() => holdToast(toast.id, false)}
        >
          <Icon drawing={ICONS[toast.kind]} className="ov-toast__icon" />
          <div className="ov-toast__body">
            {toast.text ? <strong>{toast.title}</strong> : <span>{toast.title}</span>}
            {toast.text ? <span>{toast.text}</span> : null}
          </div>
          {toast.kind === 'success' ? null : (
            <button
              type="button"
              className="ov-toast__close ov-dialog-close"
              aria-label={t('toast.close')}
              onClick={() => dismissToast(toast.id)}
            >
              <Icon drawing={CloseOutlined} />
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
