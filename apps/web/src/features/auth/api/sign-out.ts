import { api } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

/**
 * Forget the session on this device at once (so the next render is the public site), then revoke
 * the refresh token on the server, best effort.
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  clearSession();
  if (!session) return;
  try {
    await api.post('/signout', { refresh: session.refreshToken });
  } catch {
    // The device has already forgotten the session even if the server could not be told.
  }
}
