import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { setNotifier } from '../lib/notify';

/** Connects the generic error and success toasts to Ant Design's message API. */
export function NotifierBridge() {
  const { message } = App.useApp();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    setNotifier({
      error: (error) => {
        void message.error({ content: errorText(error, t, i18n.language), key: 'ov-api-error' });
      },
      success: (text) => {
        void message.success(text);
      },
    });
    return () => setNotifier(null);
  }, [message, t, i18n.language]);
  return null;
}
