import '../i18n';
import { passwordSchema } from '@ov/domain/validation/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodMessage } from '../../../components/form/zod-rule';
import { Field } from '../../../components/form-kit/field';
import { PasswordInput } from '../../../components/form-kit/inputs';
import { type FieldChecks, useForm } from '../../../components/form-kit/use-form';
import { confirmationCheck, NewPasswordFields } from '../../../components/password-field/password-field';
import { Alert, Button } from '../../../components/ui';
import { errorText } from '../../../lib/error-text';
import { signOut } from '../../../lib/session-calls';
import { changeOwnPassword } from '../api/profile-calls';
import { AccountCard } from '../components/account-card';

interface ChangeValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * Shown instead of the signed-in area while the account must change its password (an
 * administrator's reset with "must change at next sign-in"): the API refuses everything else for the
 * session (474) until this form succeeds; it then hands out a fresh token pair and the portal opens.
 */
export default function ChangePasswordPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const lang = i18n.language;
  const checks = useMemo<FieldChecks<ChangeValues>>(
    () => ({
      currentPassword: (value) => (value ? undefined : t('account.profile.currentRequired')),
      password: (value) => zodMessage(passwordSchema, value, lang),
      confirmPassword: confirmationCheck(lang),
    }),
    [lang, t],
  );
  const form = useForm<ChangeValues>({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    checks,
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async ({ currentPassword, password }: ChangeValues) => {
    setPending(true);
    setFailure(null);
    try {
      await changeOwnPassword(currentPassword, password);
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    } catch (error) {
      setFailure(errorText(error, t, lang));
      setPending(false);
    }
  };

  return (
    <AccountCard
      title={t('account.mustChange.title')}
      subtitle={t('account.mustChange.text')}
      testId="must-change-password"
      hideLoginLink
    >
      {failure ? (
        <Alert type="error" showIcon role="alert" title={failure} className="ov-account__alert" />
      ) : null}
      <form onSubmit={form.handleSubmit(onFinish)} noValidate>
        <fieldset className="ov-form-fieldset" disabled={pending}>
          <Field {...form.fieldOf('currentPassword')} label={t('account.mustChange.current')}>
            <PasswordInput
              {...form.bind('currentPassword')}
              autoComplete="current-password"
              data-testid="must-change-current"
            />
          </Field>
          <NewPasswordFields
            form={form}
            passwordLabel={t('account.reset.password')}
            confirmLabel={t('account.reset.confirmPassword')}
            confirmTestId="must-change-confirm"
          />
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={pending}
            data-testid="must-change-submit"
          >
            {t('account.reset.submit')}
          </Button>
        </fieldset>
      </form>
      <Button type="link" block onClick={() => void signOut()} className="ov-account__secondary">
        {t('account.mustChange.signOut')}
      </Button>
    </AccountCard>
  );
}
