import '../i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui';
import { PATHS } from '../../../lib/urls';
import { verifyNewEmail } from '../api/account-calls';
import { LinkAlert } from '../components/link-alert';
import { useSpendLink } from '../components/link-state';
import '../components/account.css';
import { Card } from '../../../components/card/card';

/** The same link opened inside the signed-in area: confirms, then refreshes the cached profile. */
export default function VerifyEmailSignedInPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const state = useSpendLink('verify-email', params.get('token'), verifyNewEmail, t as never, i18n.language);
  useEffect(() => {
    if (state.kind === 'done') void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
  }, [state.kind, queryClient]);
  return (
    <>
      <div className="ov-page-header">
        <h1>{t('account.verifyEmail.title')}</h1>
      </div>
      <Card className="ov-account__panel" data-testid="verify-email">
        <LinkAlert state={state} doneText={t('account.verifyEmail.done')} />
        <Link to={PATHS.profilePersonal}>
          <Button type={state.kind === 'done' ? 'primary' : 'default'}>
            {t('account.verifyEmail.goProfile')}
          </Button>
        </Link>
      </Card>
    </>
  );
}
