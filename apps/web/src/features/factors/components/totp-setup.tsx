import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../../components/ui';
import { errorText } from '../../../lib/error-text';
import type { FactorCalls, Remember, SecondStepDone } from '../api/factor-calls';
import { TextField } from './factor-ui';

/**
 * Setting up an authenticator app: its QR code and key, then a first code proves it works. Answers
 * the recovery codes (and the whole session when a sign-in was waiting for it).
 */
export function TotpSetup({
  calls,
  remember,
  onConfirmed,
  children,
}: {
  calls: FactorCalls;
  /** What to remember of this browser (the second-step page's choice), read when confirming. */
  remember?: () => Remember | undefined | false;
  onConfirmed: (answer: { recoveryCodes: string[]; session?: SecondStepDone }) => void;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [setup, setSetup] = useState<{ secret: string; uri: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    calls
      .startTotp()
      .then(async (answer) => {
        const qr = await QRCode.toDataURL(answer.uri, { margin: 1, width: 192 });
        if (live) setSetup({ ...answer, qr });
      })
      .catch((cause) => live && setFailure(errorText(cause, t, i18n.language)));
    return () => {
      live = false;
    };
  }, [calls, t, i18n.language]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('factors.secondStep.codeRequired'));
    const rememberAs = remember?.();
    if (rememberAs === false) return;
    setError(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      onConfirmed(await calls.confirmTotp(code.trim(), rememberAs));
    } catch (cause) {
      setFailure(errorText(cause, t, i18n.language));
      setBusy(false);
    }
  };

  return (
    <div data-testid="totp-setup">
      {failure ? <Alert className="ov-factors__alert" type="error" showIcon title={failure} /> : null}
      {setup ? (
        <form onSubmit={submit} noValidate>
          <p className="ov-factors__muted">{t('factors.totp.scan')}</p>
          <img className="ov-factors__qr" src={setup.qr} alt={t('factors.totp.qrAlt')} />
          <div>{t('factors.totp.secretLabel')}</div>
          <code className="ov-factors__secret" data-testid="totp-secret">
            {setup.secret}
          </code>
          <TextField
            label={t('factors.secondStep.codeLabel')}
            help={t('factors.secondStep.codeHelp')}
            value={code}
            onChange={setCode}
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            testId="totp-code"
          />
          {children}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            data-testid="totp-confirm"
          >
            {t('factors.totp.confirm')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
