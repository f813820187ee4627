import { errorMessage } from '@ov/domain/errors';
import type { TFunction } from 'i18next';
import { isApiError } from './api-error';

/**
 * The text of a failure for a toast: chosen by the error's name and reference (defaults INTERNALERROR 0).
 * The API already answers in the caller's language; the shared catalogue covers answers without a body.
 */
export function errorText(error: unknown, t: TFunction, language: string): string {
  const lang = language === 'en' ? 'en' : 'es';
  if (!isApiError(error)) return errorMessage('INTERNALERROR', 0, lang);
  if (error.name === 'NETWORKERROR') return t('errors.network');
  if (error.message) return error.message;
  return errorMessage(error.name || 'INTERNALERROR', error.reference ?? 0, lang);
}
