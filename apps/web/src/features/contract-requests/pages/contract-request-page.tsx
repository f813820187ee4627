import { useTranslation } from 'react-i18next';
import { PublicMessagePage } from '../../../components/public-layout/public-message-page';

export default function ContractRequestPage() {
  const { t } = useTranslation();
  return (
    <PublicMessagePage
      title={t('landing.contract.title')}
      text={t('landing.contract.text')}
      notice={t('common.comingSoon')}
    />
  );
}
