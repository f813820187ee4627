import type { SigninInput } from '@ov/domain';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { knownDevices, rememberDevice } from '../../../lib/device-tokens';
import { type SessionTokens, saveSession } from '../../../lib/session';

/** Signs in with this browser's device tokens and keeps the new one. */
export async function signIn(input: SigninInput): Promise<SessionTokens> {
  const { deviceToken, ...tokens } = await api.post<SessionTokens & { deviceToken?: string }>('/signin', {
    ...input,
    devices: knownDevices(),
  });
  rememberDevice(deviceToken);
  return tokens;
}

/** Sign in and keep the session; `error` holds the last failure for the login messages. */
export function useSignIn() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (input: SigninInput, onSignedIn: () => void) => {
    setPending(true);
    setError(null);
    try {
      const tokens = await signIn(input);
      onSignedIn();
      saveSession(tokens);
    } catch (cause) {
      setError(cause);
      setPending(false);
    }
  };
  return { submit, pending, error };
}
