import { emailSchema } from '@ov/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { zodRule } from '../../../components/form/zod-rule';
import { errorText } from '../../../lib/error-text';
import { ThrottledAnswer } from '../api/public-call';
import { useCountdown } from './use-countdown';

interface EmailRequestFormProps {
  /** The call: resend the verification or send the recovery link. */
  send: (email: string) => Promise<unknown>;
  submitLabel: string;
  /** The one answer shown whatever the outcome (the API never tells whether the account exists). */
  sentText: string;
  initialEmail?: string;
  /** Hide the e-mail field (the address is known, e.g. right after sign-up). */
  fixedEmail?: boolean;
  testId?: string;
}

/** An e-mail and a button for a throttled mail (resend, recovery): same answer always, waits shown. */
export function EmailRequestForm({
  send,
  submitLabel,
  sentText,
  initialEmail,
  fixedEmail,
  testId,
}: EmailRequestFormProps) {
  const { t, i18n } = useTranslation();
  const [form] = useLanguageForm<{ email: string }>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [throttled, setThrottled] = useState(false);
  const countdown = useCountdown();

  const waiting = countdown.left > 0;
  const onFinish = async ({ email }: { email: string }) => {
    setPending(true);
    setError(null);
    setThrottled(false);
    try {
      await send(email.trim());
      setSent(true);
      countdown.start(60);
    } catch (cause) {
      if (cause instanceof ThrottledAnswer) {
        setThrottled(true);
        countdown.start(cause.retryAfterSeconds);
      } else setError(errorText(cause, t, i18n.language));
    } finally {
      setPending(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      initialValues={{ email: initialEmail ?? '' }}
      data-testid={testId}
    >
      {sent ? (
        <Alert className="ov-account__alert" type="success" showIcon title={sentText} role="status" />
      ) : null}
      {throttled && !sent && waiting ? (
        <Alert
          className="ov-account__alert"
          type="warning"
          showIcon
          title={t('account.common.throttled', { time: countdown.label })}
          role="status"
        />
      ) : null}
      {error ? (
        <Alert className="ov-account__alert" type="error" showIcon title={error} role="alert" />
      ) : null}
      <Form.Item
        name="email"
        label={t('account.common.email')}
        rules={[zodRule(emailSchema, i18n.language)]}
        hidden={fixedEmail}
      >
        <Input type="email" autoComplete="email" placeholder={t('account.common.emailPlaceholder')} />
      </Form.Item>
      <Button htmlType="submit" loading={pending} disabled={waiting} block={!fixedEmail}>
        {submitLabel}
      </Button>
      {waiting ? (
        <span className="ov-account__wait" data-testid="resend-wait">
          {t('account.common.wait', { time: countdown.label })}
        </span>
      ) : null}
    </Form>
  );
}
