import type { SigninInput } from '@ov/domain/validation/forms';
import { useState } from 'react';
import { saveSession } from '../../../lib/session';
import { signIn } from '../../../lib/session-calls';

export { signIn };

/**
 * Sign in and keep the session; `error` holds the last failure for the login messages. A staff
 * member who still owes a second factor is sent to the second-step page (`onSecondStep`).
 */
export function useSignIn() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (input: SigninInput, onSignedIn: () => void, onSecondStep?: () => void) => {
    setPending(true);
    setError(null);
    try {
      const tokens = await signIn(input);
      if (!tokens) {
        onSecondStep?.();
        return;
      }
      onSignedIn();
      saveSession(tokens);
    } catch (cause) {
      setError(cause);
      setPending(false);
    }
  };
  return { submit, pending, error };
}
