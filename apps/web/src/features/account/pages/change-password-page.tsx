import '../i18n';
import { passwordSchema } from '@ov/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { zodRule } from '../../../components/form/zod-rule';
import { matchesRule, PasswordField } from '../../../components/password-field/password-field';
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
  const [form] = useLanguageForm<ChangeValues>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async ({ currentPassword, password }: ChangeValues) => {
    setPending(true);
    setFailure(null);
    try {
      await changeOwnPassword(currentPassword, password);
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    } catch (error) {
      setFailure(errorText(error, t, i18n.language));
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
      <Form<ChangeValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={pending}
      >
        <Form.Item
          name="currentPassword"
          label={t('account.mustChange.current')}
          rules={[{ required: true, message: t('account.profile.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="must-change-current" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('account.reset.password')}
          rules={[zodRule(passwordSchema, i18n.language)]}
        >
          <PasswordField onGenerate={(password) => form.setFieldValue('confirmPassword', password)} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.reset.confirmPassword')}
          dependencies={['password']}
          rules={[matchesRule('password', i18n.language)]}
        >
          <Input.Password autoComplete="new-password" data-testid="must-change-confirm" />
        </Form.Item>
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
      </Form>
      <Button type="link" block onClick={() => void signOut()} className="ov-account__secondary">
        {t('account.mustChange.signOut')}
      </Button>
    </AccountCard>
  );
}
