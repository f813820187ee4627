import { api } from './api-client';
import { ApiError, toApiError } from './api-error';
import { getSession } from './session';
import { API_BASE } from './urls';

async function fetchPdf(path: string, language: string): Promise<Response> {
  const token = getSession()?.accessToken;
  try {
    return await fetch(`${API_BASE}${path}`, {
      headers: {
        Accept: 'application/pdf',
        'Accept-Language': language,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
}

/**
 * Downloads a PDF with the bearer token (a plain link cannot carry it): fetch → blob → a temporary
 * link clicked once. A 401 refreshes the session through the API client and retries once; other
 * failures become the catalogue error of the answer (459, 460, 461, 854, 855…).
 */
export async function downloadPdf(path: string, fileName: string, language: string): Promise<void> {
  let response = await fetchPdf(path, language);
  if (response.status === 401) {
    // Any authenticated call through the client refreshes the tokens when they expired.
    await api.get('/users/me');
    response = await fetchPdf(path, language);
  }
  if (!response.ok) throw await toApiError(response);
  saveBlob(await response.blob(), fileName);
}

/** Saves a downloaded file under `fileName`: a temporary link to the blob, clicked once. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
