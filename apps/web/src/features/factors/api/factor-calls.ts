import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { type ApiClient, api } from '../../../lib/api-client';
import { secondStepApi } from '../../../lib/second-step';
import type { SessionTokens } from '../../../lib/session';

/** A whole session handed out by the second step, and this browser's token when it was remembered. */
export interface SecondStepDone extends SessionTokens {
  rememberToken?: string;
}
export interface Remember {
  name: string;
}
export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface FactorStatus {
  required: boolean;
  stage: 'verify' | 'enrol' | null;
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyInfo[];
  rememberedBrowsers: { id: string; name: string; createdAt: string; expiresAt: string }[];
}

/** Calls as the limited sign-in (the second-step page) or as the signed-in person (the Security page). */
export function factorCalls(client: ApiClient) {
  return {
    status: () => client.get<FactorStatus>('/second-factor'),
    startTotp: () => client.post<{ secret: string; uri: string }>('/second-factor/totp'),
    confirmTotp: (code: string, remember?: Remember) =>
      client.post<{ recoveryCodes: string[]; session?: SecondStepDone }>('/second-factor/totp/confirm', {
        code,
        remember,
      }),
    verifyCode: (method: 'totp' | 'recovery', code: string, remember?: Remember) =>
      client.post<SecondStepDone>('/second-factor/verify', { method, code, remember }),
    passkeyOptions: () =>
      client.post<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>(
        '/second-factor/passkey-options',
      ),
    verifyPasskey: (challengeId: string, response: AuthenticationResponseJSON, remember?: Remember) =>
      client.post<SecondStepDone>('/second-factor/verify', {
        method: 'passkey',
        challengeId,
        response,
        remember,
      }),
    registrationOptions: () =>
      client.post<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>(
        '/passkeys/options',
      ),
    registerPasskey: (
      challengeId: string,
      response: RegistrationResponseJSON,
      name: string,
      remember?: Remember,
    ) =>
      client.post<{ passkey: PasskeyInfo; session?: SecondStepDone }>('/passkeys', {
        challengeId,
        response,
        name,
        remember,
      }),
    removePasskey: (id: string) => client.request<void>(`/passkeys/${id}`, { method: 'DELETE' }),
    removeTotp: () => client.request<void>('/second-factor/totp', { method: 'DELETE' }),
    newRecoveryCodes: () => client.post<{ recoveryCodes: string[] }>('/second-factor/recovery-codes'),
    forgetBrowsers: () => client.request<void>('/second-factor/remembered', { method: 'DELETE' }),
  };
}

export const pendingCalls = factorCalls(secondStepApi);
export const ownCalls = factorCalls(api);
export type FactorCalls = ReturnType<typeof factorCalls>;
