import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type SigninInput, signinSchema } from '@ov/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { AntdConfig } from '../../../app/antd-config';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { zodRule } from '../../../components/form/zod-rule';
import { PATHS } from '../../../lib/urls';
import { useSignIn } from '../api/sign-in';
import { loginMessageKey } from '../login-messages';

/**
 * The sign-in form (Ant Design and zod): loaded by the sign-in page after its heading is on screen.
 */
export default function LoginForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { submit, pending, error } = useSignIn();
  const [form] = useLanguageForm<SigninInput>();
  const from = (location.state as { from?: Location } | null)?.from;
  const target = from ? `${from.pathname}${from.search}` : PATHS.home;

  const onFinish = (values: SigninInput) =>
    submit({ email: values.email.trim(), password: values.password }, () =>
      navigate(target, { replace: true }),
    );

  return (
    <AntdConfig>
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
      <Form<SigninInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        size="large"
        disabled={pending}
      >
        <Form.Item
          name="email"
          label={t('auth.login.emailLabel')}
          rules={[zodRule(signinSchema.shape.email, i18n.language)]}
        >
          <Input
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            placeholder={t('auth.login.emailPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.login.passwordLabel')}
          rules={[zodRule(signinSchema.shape.password, i18n.language)]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div className="ov-login__forgot">
          <Link to={PATHS.forgotPassword}>{t('auth.login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
    </AntdConfig>
  );
}
