import '../i18n';
import { CLIENT_TYPES, type SignupInput, signupSchema } from '@ov/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { zodRule } from '../../../components/form/zod-rule';
import { NativeSelect } from '../../../components/native-select/native-select';
import { matchesRule, PasswordField } from '../../../components/password-field/password-field';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { PATHS } from '../../../lib/urls';
import { resendVerification, signUp } from '../api/account-calls';
import { useMunicipalities } from '../api/municipalities';
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

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const [form] = useLanguageForm<SignupInput>();
  const { options, loading } = useMunicipalities();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  const lang = i18n.language;
  const rule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, lang);

  if (registered) return <Registered email={registered} />;

  const onFinish = async (values: SignupInput) => {
    const input: SignupInput = {
      ...values,
      email: values.email.trim().toLowerCase(),
      clientCode: values.clientCode?.trim() || undefined,
      clientCodeProof: values.clientCode?.trim() ? values.clientCodeProof?.trim() : undefined,
    };
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
      <Form<SignupInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={pending}
        className="ov-account__grid"
        scrollToFirstError
      >
        <Form.Item name="firstName" label={t('account.register.firstName')} rules={[rule(S.firstName)]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item name="lastName" label={t('account.register.lastName')} rules={[rule(S.lastName)]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item name="email" label={t('account.common.email')} rules={[rule(S.email)]}>
          <Input type="email" autoComplete="email" placeholder={t('account.common.emailPlaceholder')} />
        </Form.Item>
        <Form.Item name="phone" label={t('account.register.phone')} rules={[rule(S.phone)]}>
          <Input type="tel" autoComplete="tel" placeholder={t('account.register.phonePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('account.register.password')} rules={[rule(S.password)]}>
          <PasswordField onGenerate={(password) => form.setFieldValue('confirmPassword', password)} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.register.confirmPassword')}
          dependencies={['password']}
          rules={[rule(S.confirmPassword), matchesRule('password', lang)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="clientType" label={t('account.register.clientType')} rules={[rule(S.clientType)]}>
          <NativeSelect
            className="ov-select--block"
            options={CLIENT_TYPES.map((type) => ({ value: type, label: t(`clientTypes.${type}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="municipality"
          label={t('account.register.municipality')}
          rules={[rule(S.municipality)]}
        >
          <NativeSelect
            className="ov-select--block"
            loading={loading}
            placeholder={t('account.register.municipalityPlaceholder')}
            options={options.map((option) => ({ value: option.pk, label: option.municipio }))}
          />
        </Form.Item>
        <Form.Item
          name="clientCode"
          label={t('account.register.clientCode')}
          extra={t('account.register.clientCodeHelp')}
          rules={[rule(S.clientCode)]}
          className="ov-account__full"
        >
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item noStyle dependencies={['clientCode']}>
          {({ getFieldValue }) =>
            String(getFieldValue('clientCode') ?? '').trim() ? (
              <Form.Item
                name="clientCodeProof"
                label={t('account.register.clientCodeProof')}
                extra={t('account.register.clientCodeProofHelp')}
                rules={[{ required: true, whitespace: true, message: t('account.register.required') }]}
                className="ov-account__full"
              >
                <Input data-testid="register-proof" />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <div className="ov-account__full">
          <Button type="primary" htmlType="submit" block size="large" loading={pending}>
            {t('account.register.submit')}
          </Button>
        </div>
      </Form>
      <div className="ov-account__footer">
        {t('account.register.haveAccount')} <Link to={PATHS.login}>{t('account.common.login')}</Link>
      </div>
    </AccountCard>
  );
}
