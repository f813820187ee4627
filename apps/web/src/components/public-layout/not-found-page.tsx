import { useTranslation } from 'react-i18next';
import { PublicMessagePage } from './public-message-page';

/** The default fallback page for unknown anonymous paths. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicMessagePage
      kicker={<div className="ov-code">404</div>}
      title={t('notFound.title')}
      text={t('notFound.text')}
    />
  );
}
