import { STORAGE_KEYS, storage } from './storage-keys';

const MAX_DEVICES = 5;

/**
 * The device tokens this browser received at sign-in (one per account, newest first). Sent with the
 * next sign-in and password recovery, they give the owner's own browser a throttling door of its
 * own, so a stranger guessing the password elsewhere does not slow the owner down.
 */
export function knownDevices(): string[] {
  const list = storage.getJson<unknown>(STORAGE_KEYS.devices);
  return Array.isArray(list)
    ? list.filter((x): x is string => typeof x === 'string').slice(0, MAX_DEVICES)
    : [];
}

export function rememberDevice(token: string | undefined): void {
  if (!token) return;
  const account = token.split('.')[0];
  const others = knownDevices().filter((t) => t.split('.')[0] !== account);
  storage.setJson(STORAGE_KEYS.devices, [token, ...others].slice(0, MAX_DEVICES));
}
