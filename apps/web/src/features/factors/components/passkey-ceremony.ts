import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { isApiError } from '../../../lib/api-error';
import type { FactorCalls, Remember } from '../api/factor-calls';

/** Creates a passkey on this device and keeps it on the account (a pending enrolment gets its session). */
export async function createPasskey(calls: FactorCalls, name: string, remember?: Remember) {
  const { challengeId, options } = await calls.registrationOptions();
  const response = await startRegistration({ optionsJSON: options });
  return calls.registerPasskey(challengeId, response, name, remember);
}

/** Presents one of the account's passkeys at the second step. */
export async function presentPasskey(calls: FactorCalls, remember?: Remember) {
  const { challengeId, options } = await calls.passkeyOptions();
  const response = await startAuthentication({ optionsJSON: options });
  return calls.verifyPasskey(challengeId, response, remember);
}

/** The browser said no (cancelled, timed out, no authenticator): not an answer of the API. */
export function isCeremonyRefusal(error: unknown): boolean {
  return !isApiError(error);
}
