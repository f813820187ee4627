import type { SignupInput } from '@ov/domain/validation/forms';
import { knownDevices } from '../../../lib/device-tokens';
import { publicPost } from './public-call';

export interface MessageAnswer {
  message: string;
}

export const signUp = (input: SignupInput) => publicPost<MessageAnswer>('/signup', input);
/** The verification answer also tells what became of the client code given at sign-up. */
export interface VerifyAnswer extends MessageAnswer {
  clientCode?: { cc: string; associated: boolean } | null;
}
export const verifySignup = (token: string) => publicPost<VerifyAnswer>('/signup/verify', { token });
export const resendVerification = (email: string) => publicPost<MessageAnswer>('/signup/resend', { email });
export const forgotPassword = (email: string) =>
  publicPost<MessageAnswer>('/password/forgot', { email, devices: knownDevices() });
export const resetPassword = (token: string, password: string) =>
  publicPost<MessageAnswer>('/password/reset', { token, password });
export const verifyNewEmail = (token: string) =>
  publicPost<MessageAnswer>('/users/me/email/verify', { token });

/**
 * A link token is single use: React's development double effects (or a re-render) must not spend it
 * twice, so every token is sent once per page load and the same promise is shared.
 */
const spent = new Map<string, Promise<MessageAnswer>>();
export function once(key: string, call: () => Promise<MessageAnswer>): Promise<MessageAnswer> {
  let promise = spent.get(key);
  if (!promise) {
    promise = call();
    spent.set(key, promise);
  }
  return promise;
}
