import { useTranslation } from 'react-i18next';
import { PublicMessagePage } from '../../../components/public-layout/public-message-page';

export default function FaqsPage() {
  const { t } = useTranslation();
  return (
    <PublicMessagePage
      title={t('landing.faqs.title')}
      text={t('landing.faqs.text')}
      notice={t('common.comingSoon')}
    />
  );
}
