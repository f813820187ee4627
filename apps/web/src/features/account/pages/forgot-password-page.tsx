import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/urls';
import { forgotPassword } from '../api/account-calls';
import { AccountCard } from '../components/account-card';
import { EmailRequestForm } from '../components/resend-form';

/** Password recovery: the same answer whether or not an account uses the address. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('account.forgot.title')} subtitle={t('account.forgot.text')} testId="forgot">
      <EmailRequestForm
        send={forgotPassword}
        submitLabel={t('account.forgot.submit')}
        sentText={t('account.forgot.sent')}
        testId="forgot-form"
      />
      <div className="ov-account__footer">
        <Link to={PATHS.login}>{t('account.common.backToLogin')}</Link>
      </div>
    </AccountCard>
  );
}
