import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type SigninInput, signinSchema } from '@ov/domain/validation/forms';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { zodMessage } from '../../../components/form/zod-rule';
import { Field } from '../../../components/form-kit/field';
import { PasswordInput, TextInput } from '../../../components/form-kit/inputs';
import { type FieldChecks, useForm } from '../../../components/form-kit/use-form';
import { Alert, Button } from '../../../components/ui';
import { PATHS } from '../../../lib/urls';
import { useSignIn } from '../api/sign-in';
import { loginMessageKey } from '../login-messages';

/**
 * The sign-in form (our form kit and the domain's zod rules): loaded by the sign-in page after its
 * heading is on screen.
 */
export default function LoginForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { submit, pending, error } = useSignIn();
  const lang = i18n.language;
  const checks = useMemo<FieldChecks<SigninInput>>(
    () => ({
      email: (value) => zodMessage(signinSchema.shape.email, value, lang),
      password: (value) => zodMessage(signinSchema.shape.password, value, lang),
    }),
    [lang],
  );
  const form = useForm<SigninInput>({ initialValues: { email: '', password: '' }, checks });
  const from = (location.state as { from?: Location } | null)?.from;
  const target = from ? `${from.pathname}${from.search}` : PATHS.home;

  const onValid = (values: SigninInput) =>
    submit({ email: values.email.trim(), password: values.password }, () =>
      navigate(target, { replace: true }),
    );

  return (
    <>
      {error ? (
        <Alert
          className="ov-login__alert"
          type="error"
          showIcon
          title={t(loginMessageKey(error))}
          data-testid="login-error"
          role="alert"
        />
      ) : null}
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <fieldset className="ov-form-fieldset" disabled={pending}>
          <Field {...form.fieldOf('email')} label={t('auth.login.emailLabel')}>
            <TextInput
              {...form.bind('email')}
              size="large"
              prefix={<UserOutlined />}
              autoComplete="username"
              // biome-ignore lint/a11y/noAutofocus: the sign-in page's one task; as before
              autoFocus
              placeholder={t('auth.login.emailPlaceholder')}
            />
          </Field>
          <Field {...form.fieldOf('password')} label={t('auth.login.passwordLabel')}>
            <PasswordInput
              {...form.bind('password')}
              size="large"
              prefix={<LockOutlined />}
              autoComplete="current-password"
            />
          </Field>
          <div className="ov-login__forgot">
            <Link to={PATHS.forgotPassword}>{t('auth.login.forgot')}</Link>
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={pending}>
            {t('auth.login.submit')}
          </Button>
        </fieldset>
      </form>
    </>
  );
}
