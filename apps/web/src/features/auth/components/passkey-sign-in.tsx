import '../i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../../components/ui';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { clearPendingSecondStep } from '../../../lib/second-step';
import { type SessionTokens, saveSession } from '../../../lib/session';

/** "Sign in with a passkey" (issue 30): instead of the password, a whole sign-in for anyone. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const signIn = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { challengeId, options } = await api.post<{ challengeId: string; options: never }>(
        '/passkeys/signin/options',
      );
      // The WebAuthn helper is fetched on the click, not with the sign-in form.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options });
      const tokens = await api.post<SessionTokens>('/passkeys/signin', { challengeId, response });
      clearPendingSecondStep();
      onSignedIn();
      saveSession(tokens);
    } catch (cause) {
      setFailure(isApiError(cause) ? errorText(cause, t, i18n.language) : t('auth.passkey.cancelled'));
      setBusy(false);
    }
  };
  return (
    <div className="ov-login__passkey">
      <p className="ov-login__or">{t('auth.passkey.or')}</p>
      {failure ? (
        <Alert
          className="ov-login__alert"
          type="error"
          showIcon
          title={failure}
          data-testid="passkey-error"
        />
      ) : null}
      <Button size="large" block loading={busy} onClick={signIn} data-testid="passkey-sign-in">
        {t('auth.passkey.signIn')}
      </Button>
    </div>
  );
}
