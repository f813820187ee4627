import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { SigninInput } from '@ov/domain/validation/forms';
import { signinChecks } from '@ov/domain/validation/signin';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { Field } from '../../../components/form-kit/field';
import { PasswordInput, TextInput } from '../../../components/form-kit/inputs';
import { useForm } from '../../../components/form-kit/use-form';
import { Alert, Button } from '../../../components/ui';
import { PATHS } from '../../../lib/urls';
import { useSignIn } from '../api/sign-in';
import { loginMessageKey } from '../login-messages';
import { PasskeySignIn } from './passkey-sign-in';

/**
 * The e-mail field's focus on arrival (the sign-in page's one task), given once the form is on screen:
 * `autoFocus` focused it while React inserted the form, which made the browser lay out the whole page
 * there and then, inside that task (60–250 ms at 4× CPU slowdown). After the next frame the layout is
 * already done and the focus costs nothing. A field the visitor has focused meanwhile keeps its focus.
 */
function useFocusAfterPaint() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
        ref.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ref;
}

/**
 * The sign-in form (our form kit and the domain's sign-in rules, without zod: @ov/domain/validation/signin): loaded
 * by the sign-in page after its heading is on screen.
 */
export default function LoginForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { submit, pending, error } = useSignIn();
  const lang = i18n.language;
  const checks = useMemo(() => signinChecks(lang), [lang]);
  const email = useFocusAfterPaint();
  const form = useForm<SigninInput>({ initialValues: { email: '', password: '' }, checks });
  const from = (location.state as { from?: Location } | null)?.from;
  const target = from ? `${from.pathname}${from.search}` : PATHS.home;

  const onValid = (values: SigninInput) =>
    submit(
      { email: values.email.trim(), password: values.password },
      () => navigate(target, { replace: true }),
      () => navigate(PATHS.secondFactor, { replace: true }),
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
              ref={email}
              autoComplete="username"
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
      <PasskeySignIn onSignedIn={() => navigate(target, { replace: true })} />
    </>
  );
}
