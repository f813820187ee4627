import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastRegion } from '../components/toast/toast-region';
import { clearToasts, showToast } from '../components/toast/toast-store';
import { errorText } from '../lib/error-text';
import { setNotifier } from '../lib/notify';

/** The signed-in area's toasts: the region on screen, and `lib/notify` connected to it. */
export function NotifierBridge() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    setNotifier({
      // One key for every API error: a second failure replaces the first instead of stacking.
      error: (error) =>
        void showToast({ kind: 'error', title: errorText(error, t, i18n.language), key: 'ov-api-error' }),
      success: (text) => void showToast({ kind: 'success', title: text }),
      info: (text) => void showToast({ kind: 'info', title: text }),
      warning: (text) => void showToast({ kind: 'warning', title: text }),
    });
    return () => setNotifier(null);
  }, [t, i18n.language]);
  useEffect(() => clearToasts, []);
  return <ToastRegion />;
}
