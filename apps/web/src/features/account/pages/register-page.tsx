import '../i18n';
import { CLIENT_TYPES } from '@ov/domain/enums';
import { type SignupInput, signupSchema } from '@ov/domain/validation/forms';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ParsableSchema, zodMessage } from '../../../components/form/zod-rule';
import { Field } from '../../../components/form-kit/field';
import { TextInput } from '../../../components/form-kit/inputs';
import { type FieldChecks, useForm } from '../../../components/form-kit/use-form';
import { NativeSelect } from '../../../components/native-select/native-select';
import { confirmationCheck, NewPasswordFields } from '../../../components/password-field/password-field';
import { Alert, Button } from '../../../components/ui';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useMunicipalityOptions } from '../../../lib/municipalities';
import { useSignupOpen } from '../../../lib/public-switches';
import { PATHS } from '../../../lib/urls';
import { resendVerification, signUp } from '../api/account-calls';
import { AccountCard } from '../components/account-card';
import { EmailRequestForm } from '../components/resend-form';

const S = signupSchema.shape;

/** The spec's sign-up messages: duplicated e-mail or phone, bad client ID, verification service down. */
function signupErrorText(error: unknown, t: (key: string) => string, language: string): string {
  if (isApiError(error)) {
    if (error.name === 'BADREQUESTERROR' && [303, 443, 444].includes(error.reference))
      return t('account.register.errors.duplicated');
    if (error.name === 'BADREQUESTERROR' && [356, 357].includes(error.reference))
      return t('account.register.errors.badClientCode');
    if (error.name === 'NETWORKERROR' || error.status >= 500) return t('account.register.errors.serviceDown');
  }
  return errorText(error, t as never, language);
}

function Registered({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('account.registered.title')} testId="registered">
      <Alert
        type="success"
        showIcon
        className="ov-account__alert"
        title={t('account.registered.text', { email })}
        description={t('account.registered.wait')}
      />
      <div className="ov-account__resend">
        <h3>{t('account.registered.resendIntro')}</h3>
        <EmailRequestForm
          send={resendVerification}
          submitLabel={t('account.registered.resend')}
          sentText={t('account.registered.resent')}
          initialEmail={email}
          fixedEmail
          testId="resend-form"
        />
      </div>
      <div className="ov-account__footer">
        <Link to={PATHS.login}>{t('account.common.login')}</Link>
      </div>
    </AccountCard>
  );
}

type SignupValues = Omit<SignupInput, 'clientType' | 'municipality'> & {
  clientType: SignupInput['clientType'] | null;
  municipality: SignupInput['municipality'] | null;
};

const EMPTY: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  clientType: null,
  municipality: null,
  clientCode: '',
  clientCodeProof: '',
};

/** Sign-up switched off in the settings: no form, only the news and the ways that remain. */
function SignupClosed() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('account.signupClosed.title')} testId="signup-closed">
      <Alert className="ov-account__alert" type="info" showIcon title={t('account.signupClosed.text')} />
      <p>{t('account.signupClosed.hint')}</p>
      <div className="ov-account__footer">
        <Link to={PATHS.login}>{t('account.common.login')}</Link> ·{' '}
        <Link to={PATHS.home}>{t('account.signupClosed.home')}</Link>
      </div>
    </AccountCard>
  );
}

export default function RegisterPage() {
  return useSignupOpen() ? <RegisterForm /> : <SignupClosed />;
}

const hasCode = (values: SignupValues) => Boolean(String(values.clientCode ?? '').trim());

function RegisterForm() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const checks = useMemo<FieldChecks<SignupValues>>(() => {
    const zod = (schema: ParsableSchema) => (value: unknown) => zodMessage(schema, value, lang);
    return {
      firstName: zod(S.firstName),
      lastName: zod(S.lastName),
      email: zod(S.email),
      phone: zod(S.phone),
      password: zod(S.password),
      confirmPassword: (value, values) =>
        zodMessage(S.confirmPassword, value, lang) ?? confirmationCheck(lang)(value, values),
      clientType: zod(S.clientType),
      municipality: zod(S.municipality),
      clientCode: zod(S.clientCode),
      // Asked for only with a client code; spaces alone are not an answer.
      clientCodeProof: (value, values) =>
        hasCode(values) && !String(value ?? '').trim() ? t('account.register.required') : undefined,
    };
  }, [lang, t]);
  const form = useForm<SignupValues>({ initialValues: EMPTY, checks });
  const { options, loading } = useMunicipalityOptions();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);

  if (registered) return <Registered email={registered} />;

  const onValid = async (values: SignupValues) => {
    const code = values.clientCode?.trim();
    const input = {
      ...values,
      email: values.email.trim().toLowerCase(),
      clientCode: code || undefined,
      clientCodeProof: code ? values.clientCodeProof?.trim() : undefined,
    } as SignupInput;
    const parsed = signupSchema.safeParse(input);
    if (!parsed.success) return;
    setPending(true);
    setError(null);
    try {
      await signUp(input);
      setRegistered(input.email);
      window.scrollTo?.(0, 0);
    } catch (cause) {
      setError(signupErrorText(cause, t, lang));
    } finally {
      setPending(false);
    }
  };

  const text = (name: keyof SignupValues, label: string, props: Record<string, string> = {}) => (
    <Field {...form.fieldOf(name)} label={label}>
      <TextInput {...form.bind(name)} {...props} />
    </Field>
  );

  return (
    <AccountCard
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      wide
      testId="register"
    >
      {error ? (
        <Alert
          className="ov-account__alert"
          type="error"
          showIcon
          title={error}
          role="alert"
          data-testid="register-error"
        />
      ) : null}
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <fieldset className="ov-form-fieldset ov-account__grid" disabled={pending}>
          {text('firstName', t('account.register.firstName'), { autoComplete: 'given-name' })}
          {text('lastName', t('account.register.lastName'), { autoComplete: 'family-name' })}
          {text('email', t('account.common.email'), {
            type: 'email',
            autoComplete: 'email',
            placeholder: t('account.common.emailPlaceholder'),
          })}
          {text('phone', t('account.register.phone'), {
            type: 'tel',
            autoComplete: 'tel',
            placeholder: t('account.register.phonePlaceholder'),
          })}
          <NewPasswordFields
            form={form}
            passwordLabel={t('account.register.password')}
            confirmLabel={t('account.register.confirmPassword')}
          />
          <Field {...form.fieldOf('clientType')} label={t('account.register.clientType')}>
            <NativeSelect
              {...form.bind('clientType')}
              value={form.values.clientType}
              className="ov-select--block"
              options={CLIENT_TYPES.map((type) => ({ value: type, label: t(`clientTypes.${type}`) }))}
            />
          </Field>
          <Field {...form.fieldOf('municipality')} label={t('account.register.municipality')}>
            <NativeSelect
              {...form.bind('municipality')}
              value={form.values.municipality}
              className="ov-select--block"
              loading={loading}
              placeholder={t('account.register.municipalityPlaceholder')}
              options={options.map((option) => ({ value: option.pk, label: option.municipio }))}
            />
          </Field>
          <Field
            {...form.fieldOf('clientCode')}
            label={t('account.register.clientCode')}
            help={t('account.register.clientCodeHelp')}
            className="ov-account__full"
          >
            <TextInput {...form.bind('clientCode', { help: true })} inputMode="numeric" />
          </Field>
          {hasCode(form.values) ? (
            <Field
              {...form.fieldOf('clientCodeProof')}
              label={t('account.register.clientCodeProof')}
              help={t('account.register.clientCodeProofHelp')}
              className="ov-account__full"
            >
              <TextInput {...form.bind('clientCodeProof', { help: true })} data-testid="register-proof" />
            </Field>
          ) : null}
          <div className="ov-account__full">
            <Button type="primary" htmlType="submit" block size="large" loading={pending}>
              {t('account.register.submit')}
            </Button>
          </div>
        </fieldset>
      </form>
      <div className="ov-account__footer">
        {t('account.register.haveAccount')} <Link to={PATHS.login}>{t('account.common.login')}</Link>
      </div>
    </AccountCard>
  );
}
