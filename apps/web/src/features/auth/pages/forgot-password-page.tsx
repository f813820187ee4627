import { useTranslation } from 'react-i18next';
import { PublicMessagePage } from '../../../components/public-layout/public-message-page';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <PublicMessagePage
      title={t('auth.forgot.title')}
      text={t('auth.forgot.text')}
      notice={t('common.comingSoon')}
    />
  );
}
