import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui';
import { PATHS } from '../../../lib/urls';
import { verifyNewEmail } from '../api/account-calls';
import { AccountCard } from '../components/account-card';
import { LinkAlert } from '../components/link-alert';
import { useSpendLink } from '../components/link-state';

/** `/verify-email?token=…` opened while signed out: confirms the new address, then log in. */
export default function VerifyEmailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const state = useSpendLink('verify-email', params.get('token'), verifyNewEmail, t as never, i18n.language);
  return (
    <AccountCard title={t('account.verifyEmail.title')} testId="verify-email">
      <LinkAlert state={state} doneText={t('account.verifyEmail.done')} />
      {state.kind === 'done' ? (
        <Link to={PATHS.login}>
          <Button type="primary" size="large" block>
            {t('account.common.login')}
          </Button>
        </Link>
      ) : null}
    </AccountCard>
  );
}
