import { emailSchema } from '@ov/domain/validation/rules';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodMessage } from '../../../components/form/zod-rule';
import { Field } from '../../../components/form-kit/field';
import { TextInput } from '../../../components/form-kit/inputs';
import { useForm } from '../../../components/form-kit/use-form';
import { Alert, Button } from '../../../components/ui';
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
  const lang = i18n.language;
  const checks = useMemo(() => ({ email: (value: unknown) => zodMessage(emailSchema, value, lang) }), [lang]);
  const form = useForm({ initialValues: { email: initialEmail ?? '' }, checks });
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
      } else setError(errorText(cause, t, lang));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onFinish)} noValidate data-testid={testId}>
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
      {fixedEmail ? null : (
        <Field {...form.fieldOf('email')} label={t('account.common.email')}>
          <TextInput
            {...form.bind('email')}
            type="email"
            autoComplete="email"
            placeholder={t('account.common.emailPlaceholder')}
          />
        </Field>
      )}
      <Button htmlType="submit" loading={pending} disabled={waiting} block={!fixedEmail}>
        {submitLabel}
      </Button>
      {waiting ? (
        <span className="ov-account__wait" data-testid="resend-wait">
          {t('account.common.wait', { time: countdown.label })}
        </span>
      ) : null}
    </form>
  );
}
