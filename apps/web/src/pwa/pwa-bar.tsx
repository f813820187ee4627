import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '../lib/i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import './pwa-bar.css';

addTranslations(es, en);

/** 25/11/2026, 15:20 in Spanish, 11/25/2026, 3:20 PM in English (Intl: no date library on the entry). */
function formatReceived(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-ES', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

interface PwaBarProps {
  offline: boolean;
  dataFrom: string | null;
  updateReady: boolean;
  onReload: () => void;
}

/**
 * The bar at the foot of every screen: "Sin conexión" with the date of the data on screen when it
 * came from this device's store, and the offer to load a new version once one is deployed.
 */
export function PwaBar({ offline, dataFrom, updateReady, onReload }: PwaBarProps) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.body.classList.add('ov-has-pwa-bar');
    return () => document.body.classList.remove('ov-has-pwa-bar');
  }, []);
  return (
    <div className="ov-pwa-bar">
      {offline ? (
        <p
          className="ov-pwa-bar__message ov-pwa-bar__message--offline"
          role="status"
          data-testid="offline-banner"
        >
          {dataFrom
            ? t('pwa.offlineData', { date: formatReceived(dataFrom, i18n.language) })
            : t('pwa.offline')}
        </p>
      ) : null}
      {updateReady ? (
        <div className="ov-pwa-bar__message" role="status" data-testid="update-banner">
          <span>{t('pwa.update')}</span>
          <button type="button" className="ov-pwa-bar__button" onClick={onReload}>
            {t('pwa.reload')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
