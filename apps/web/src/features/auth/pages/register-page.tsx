import { useTranslation } from 'react-i18next';
import { PublicMessagePage } from '../../../components/public-layout/public-message-page';

export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <PublicMessagePage
      title={t('landing.register.title')}
      text={t('landing.register.text')}
      notice={t('common.comingSoon')}
    />
  );
}
