import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button } from '../../../components/ui';
import { PATHS } from '../../../lib/urls';
import { resendVerification, type VerifyAnswer, verifySignup } from '../api/account-calls';
import { AccountCard } from '../components/account-card';
import { LinkAlert } from '../components/link-alert';
import { useSpendLink } from '../components/link-state';
import { EmailRequestForm } from '../components/resend-form';

/** `/verify?token=…`: follows the sign-up link; a bad or expired link offers a new one. */
export default function VerifyPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const state = useSpendLink('verify', token, verifySignup, t as never, i18n.language);
  return (
    <AccountCard title={t('account.verify.title')} testId="verify">
      <LinkAlert state={state} doneText={t('account.verify.done')} />
      {state.kind === 'done' && (state.answer as VerifyAnswer | undefined)?.clientCode
        ? (() => {
            const code = (state.answer as VerifyAnswer).clientCode!;
            return (
              <Alert
                className="ov-account__alert"
                type={code.associated ? 'success' : 'warning'}
                showIcon
                title={t(
                  code.associated ? 'account.verify.codeAssociated' : 'account.verify.codeNotAssociated',
                  {
                    cc: code.cc,
                  },
                )}
                data-testid="verify-code"
                data-associated={code.associated}
              />
            );
          })()
        : null}
      {state.kind === 'done' ? (
        <Link to={PATHS.login}>
          <Button type="primary" size="large" block data-testid="verify-login">
            {t('account.common.login')}
          </Button>
        </Link>
      ) : null}
      {state.kind !== 'done' && state.kind !== 'checking' ? (
        <div className="ov-account__resend">
          <h3>{t('account.verify.resendTitle')}</h3>
          <p className="ov-account__muted">{t('account.verify.resendText')}</p>
          <EmailRequestForm
            send={resendVerification}
            submitLabel={t('account.registered.resend')}
            sentText={t('account.registered.resent')}
            testId="resend-form"
          />
        </div>
      ) : null}
    </AccountCard>
  );
}
