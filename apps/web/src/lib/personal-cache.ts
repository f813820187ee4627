import { PERSONAL_CACHE } from '../pwa/cache-names';

/**
 * Empties what the service worker kept of the signed-in person's data (client codes, debts,
 * receipts, profile): at sign-out, and when a session starts, so the next person on this device
 * finds nothing of the previous one. The shell and the build files stay (nothing personal).
 */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith('ov-personal')).map((name) => caches.delete(name)),
    );
  } catch {
    // Storage unavailable (private mode, blocked): nothing was kept either.
  }
}

export { PERSONAL_CACHE };
