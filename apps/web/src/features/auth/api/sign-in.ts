import type { SigninInput } from '@ov/domain/validation/forms';
import { useState } from 'react';
import { saveSession } from '../../../lib/session';
import { signIn } from '../../../lib/session-calls';

export { signIn };

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
