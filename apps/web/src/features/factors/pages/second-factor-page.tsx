import '../i18n';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import { Alert, Button } from '../../../components/ui';
import { errorText } from '../../../lib/error-text';
import { clearPendingSecondStep, getPendingSecondStep, rememberBrowser } from '../../../lib/second-step';
import { saveSession } from '../../../lib/session';
import { PATHS } from '../../../lib/urls';
import { pendingCalls, type SecondStepDone } from '../api/factor-calls';
import { RecoveryCodes, RememberFields, rememberOf, TextField } from '../components/factor-ui';
import { createPasskey, isCeremonyRefusal, presentPasskey } from '../components/passkey-ceremony';
import { TotpSetup } from '../components/totp-setup';
import '../components/factors.css';

/**
 * `/second-factor`: a staff sign-in's second step (issue 30). With a factor: a passkey, an app code or
 * a recovery code. Without one (forced at this sign-in): set up a passkey or an authenticator app.
 * Either way "remember this browser for 30 days" under a name the person gives.
 */
export default function SecondFactorPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [pending] = useState(getPendingSecondStep);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [remember, setRemember] = useState(false);
  const [deviceName, setDeviceName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [passkeyName, setPasskeyName] = useState(() => t('factors.passkey.defaultName'));
  const [passkeyNameError, setPasskeyNameError] = useState<string>();
  const [enrolWith, setEnrolWith] = useState<'passkey' | 'totp' | null>(null);
  const [codes, setCodes] = useState<{ recoveryCodes: string[]; session?: SecondStepDone } | null>(null);

  const finish = (done: SecondStepDone | undefined) => {
    if (!done) return;
    const { rememberToken, ...tokens } = done;
    rememberBrowser(rememberToken);
    clearPendingSecondStep();
    navigate(PATHS.home, { replace: true });
    saveSession(tokens);
  };
  /** The remember choice, or false (and the field's error) when its name is missing. */
  const rememberChoice = () => {
    if (remember && !deviceName.trim()) {
      setNameError(t('factors.remember.nameRequired'));
      return false as const;
    }
    setNameError(undefined);
    return rememberOf(remember, deviceName);
  };
  const run = async (work: () => Promise<void>) => {
    setFailure(undefined);
    setBusy(true);
    try {
      await work();
    } catch (cause) {
      setFailure(
        isCeremonyRefusal(cause) ? t('factors.passkey.cancelled') : errorText(cause, t, i18n.language),
      );
    } finally {
      setBusy(false);
    }
  };

  if (!pending) {
    return (
      <Frame title={t('factors.secondStep.title')}>
        <Alert
          className="ov-factors__alert"
          type="warning"
          showIcon
          title={t('factors.secondStep.expired')}
        />
        <Link to={PATHS.login}>{t('factors.secondStep.backToLogin')}</Link>
      </Frame>
    );
  }

  const rememberFields = (
    <RememberFields
      checked={remember}
      onChecked={setRemember}
      name={deviceName}
      onName={setDeviceName}
      error={nameError}
    />
  );
  const failureAlert = failure ? (
    <Alert
      className="ov-factors__alert"
      type="error"
      showIcon
      title={failure}
      data-testid="second-factor-error"
    />
  ) : null;

  if (codes) {
    return (
      <Frame title={t('factors.totp.confirmed')}>
        <RecoveryCodes codes={codes.recoveryCodes} onDone={() => finish(codes.session)} />
      </Frame>
    );
  }

  if (pending.stage === 'enrol') {
    const addPasskey = (event: FormEvent) => {
      event.preventDefault();
      if (!passkeyName.trim()) return setPasskeyNameError(t('factors.passkey.nameRequired'));
      setPasskeyNameError(undefined);
      const rememberAs = rememberChoice();
      if (rememberAs === false) return;
      void run(async () =>
        finish((await createPasskey(pendingCalls, passkeyName.trim(), rememberAs)).session),
      );
    };
    return (
      <Frame title={t('factors.secondStep.enrolTitle')} subtitle={t('factors.secondStep.enrolSubtitle')}>
        {failureAlert}
        {enrolWith === 'totp' ? (
          <TotpSetup calls={pendingCalls} remember={rememberChoice} onConfirmed={setCodes}>
            {rememberFields}
          </TotpSetup>
        ) : (
          <>
            <form onSubmit={addPasskey} noValidate>
              <p className="ov-factors__muted">{t('factors.passkey.createHelp')}</p>
              <TextField
                label={t('factors.passkey.nameLabel')}
                value={passkeyName}
                onChange={setPasskeyName}
                error={passkeyNameError}
                testId="passkey-name"
              />
              {rememberFields}
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                block
                loading={busy}
                data-testid="create-passkey"
              >
                {t('factors.passkey.create')}
              </Button>
            </form>
            <p className="ov-factors__or">{t('factors.secondStep.or')}</p>
            <Button size="large" block onClick={() => setEnrolWith('totp')} data-testid="choose-totp">
              {t('factors.totp.choose')}
            </Button>
            <p className="ov-factors__muted">{t('factors.totp.chooseHelp')}</p>
          </>
        )}
      </Frame>
    );
  }

  const hasPasskey = pending.methods.includes('passkey');
  const hasApp = pending.methods.includes('totp');
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setCodeError(t('factors.secondStep.codeRequired'));
    setCodeError(undefined);
    const rememberAs = rememberChoice();
    if (rememberAs === false) return;
    void run(async () =>
      finish(await pendingCalls.verifyCode(useRecovery ? 'recovery' : 'totp', code.trim(), rememberAs)),
    );
  };
  const usePasskey = () => {
    const rememberAs = rememberChoice();
    if (rememberAs === false) return;
    void run(async () => finish(await presentPasskey(pendingCalls, rememberAs)));
  };
  return (
    <Frame title={t('factors.secondStep.title')} subtitle={t('factors.secondStep.subtitle')}>
      {failureAlert}
      {rememberFields}
      {hasPasskey ? (
        <Button
          type="primary"
          size="large"
          block
          loading={busy}
          onClick={usePasskey}
          data-testid="use-passkey"
        >
          {t('factors.secondStep.usePasskey')}
        </Button>
      ) : null}
      {hasPasskey && hasApp ? <p className="ov-factors__or">{t('factors.secondStep.or')}</p> : null}
      {hasApp ? (
        <form onSubmit={submitCode} noValidate>
          <TextField
            key={useRecovery ? 'recovery' : 'totp'}
            label={t(useRecovery ? 'factors.secondStep.recoveryLabel' : 'factors.secondStep.codeLabel')}
            help={t(useRecovery ? 'factors.secondStep.recoveryHelp' : 'factors.secondStep.codeHelp')}
            value={code}
            onChange={setCode}
            error={codeError}
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoFocus={!hasPasskey}
            testId="second-factor-code"
          />
          <Button
            type={hasPasskey ? 'default' : 'primary'}
            htmlType="submit"
            size="large"
            block
            loading={busy}
            data-testid="verify-code"
          >
            {t('factors.secondStep.verify')}
          </Button>
          <button
            type="button"
            className="ov-factors__link"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
              setCodeError(undefined);
            }}
          >
            {t(useRecovery ? 'factors.secondStep.useCode' : 'factors.secondStep.useRecovery')}
          </button>
        </form>
      ) : null}
    </Frame>
  );
}

function Frame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  return (
    <PublicLayout>
      <div className="ov-factors">
        <section className="ov-factors__card" aria-labelledby="ov-factors-title" data-testid="second-factor">
          <h1 id="ov-factors-title" className="ov-factors__title">
            {title}
          </h1>
          {subtitle ? <p className="ov-factors__subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </div>
    </PublicLayout>
  );
}
