import '../i18n';
import { passwordSchema } from '@ov/domain/validation/rules';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { zodMessage } from '../../../components/form/zod-rule';
import { type FieldChecks, useForm } from '../../../components/form-kit/use-form';
import { confirmationCheck, NewPasswordFields } from '../../../components/password-field/password-field';
import { Button } from '../../../components/ui';
import { PATHS } from '../../../lib/urls';
import { resetPassword } from '../api/account-calls';
import { AccountCard } from '../components/account-card';
import { LinkAlert } from '../components/link-alert';
import { type LinkState, linkFailure } from '../components/link-state';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** `/reset-password?token=…`: a new password with the shared rule and the strength meter. */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const lang = i18n.language;
  const checks = useMemo<FieldChecks<ResetValues>>(
    () => ({
      password: (value) => zodMessage(passwordSchema, value, lang),
      confirmPassword: confirmationCheck(lang),
    }),
    [lang],
  );
  const form = useForm<ResetValues>({ initialValues: { password: '', confirmPassword: '' }, checks });
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<LinkState | null>(token ? null : { kind: 'missing' });

  const onFinish = async ({ password }: ResetValues) => {
    if (!token) return;
    setPending(true);
    try {
      await resetPassword(token, password);
      setState({ kind: 'done' });
    } catch (error) {
      setState(linkFailure(error, t as never, i18n.language));
    } finally {
      setPending(false);
    }
  };

  const done = state?.kind === 'done';
  const linkBroken = state && state.kind !== 'done' && state.kind !== 'failed';
  return (
    <AccountCard
      title={t('account.reset.title')}
      subtitle={done ? undefined : t('account.reset.text')}
      testId="reset"
    >
      {state ? <LinkAlert state={state} doneText={t('account.reset.done')} /> : null}
      {done ? (
        <Link to={PATHS.login}>
          <Button type="primary" size="large" block data-testid="reset-login">
            {t('account.common.login')}
          </Button>
        </Link>
      ) : linkBroken ? (
        <Link to={PATHS.forgotPassword}>
          <Button block>{t('account.reset.requestNew')}</Button>
        </Link>
      ) : (
        <form onSubmit={form.handleSubmit(onFinish)} noValidate>
          <fieldset className="ov-form-fieldset" disabled={pending}>
            <NewPasswordFields
              form={form}
              passwordLabel={t('account.reset.password')}
              confirmLabel={t('account.reset.confirmPassword')}
            />
            <Button type="primary" htmlType="submit" size="large" block loading={pending}>
              {t('account.reset.submit')}
            </Button>
          </fieldset>
        </form>
      )}
    </AccountCard>
  );
}
