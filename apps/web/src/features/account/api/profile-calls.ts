import type { ProfileUpdateInput } from '@ov/domain/validation/forms';
import { api } from '../../../lib/api-client';
import { ApiError, toApiError } from '../../../lib/api-error';
import type { CurrentUser } from '../../../lib/current-user';
import { clearSession, getSession, type SessionTokens, saveSession } from '../../../lib/session';
import { signIn } from '../../../lib/session-calls';
import { API_BASE, BASE_PATH, PATHS } from '../../../lib/urls';

export interface Profile extends CurrentUser {
  avatarOriginal?: string | null;
}

export function updateProfile(body: ProfileUpdateInput): Promise<Profile> {
  return api.request<Profile>('/users/me', { method: 'PATCH', body }).then((answer) => answer.data);
}

/** After a password change every session ends; sign in again with the new password to keep this one. */
export async function renewSession(email: string, password: string): Promise<void> {
  const tokens = await signIn({ email, password });
  if (tokens) saveSession(tokens);
  // A staff member presents their second factor again (lib/second-step.ts).
  else {
    clearSession();
    window.location.assign(`${BASE_PATH}${PATHS.secondFactor}`);
  }
}

/** The one password change with the current password; other sessions end, this one gets new tokens. */
export async function changeOwnPassword(currentPassword: string, password: string): Promise<void> {
  const tokens = await api.post<SessionTokens>('/users/me/password', { currentPassword, password });
  saveSession(tokens);
}

export function signOutEverywhere(): Promise<void> {
  return api.post<void>('/signout/all');
}

export interface UploadedImage {
  thumb: string;
  image: string;
}

async function postImage(file: File, token: string | undefined): Promise<Response> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await fetch(`${API_BASE}/files/image`, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
}

/** Multipart upload with the bearer token; an expired token is refreshed once through the API client. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  let response = await postImage(file, getSession()?.accessToken);
  if (response.status === 401) {
    await api.get('/notifications/unread-count'); // any authenticated call refreshes the tokens
    response = await postImage(file, getSession()?.accessToken);
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as UploadedImage;
}
