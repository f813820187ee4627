import type { SigninInput } from '@ov/domain/validation/forms';
import { api } from './api-client';
import { knownDevices, rememberDevice } from './device-tokens';
import {
  clearPendingSecondStep,
  type PendingSecondStep,
  rememberedBrowsers,
  savePendingSecondStep,
} from './second-step';
import { clearSession, getSession, markSignedOut, type SessionTokens } from './session';

/**
 * Signs in with this browser's device tokens and keeps the new one. Null when a staff member still
 * owes a second factor: the limited sign-in is kept for the second-step page (lib/second-step.ts).
 */
export async function signIn(input: SigninInput): Promise<SessionTokens | null> {
  const { deviceToken, secondFactor, ...tokens } = await api.post<
    SessionTokens & { deviceToken?: string; secondFactor?: Pick<PendingSecondStep, 'stage' | 'methods'> }
  >('/signin', {
    ...input,
    devices: knownDevices(),
    remembered: rememberedBrowsers(),
  });
  rememberDevice(deviceToken);
  if (secondFactor) {
    savePendingSecondStep({ ...tokens, ...secondFactor });
    return null;
  }
  clearPendingSecondStep();
  return tokens;
}

/**
 * Forget the session on this device at once (so the next render is the public site), then revoke
 * the refresh token on the server, best effort.
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  markSignedOut();
  clearSession();
  if (!session) return;
  try {
    await api.post('/signout', { refresh: session.refreshToken });
  } catch {
    // The device has already forgotten the session even if the server could not be told.
  }
}
