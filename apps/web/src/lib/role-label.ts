import { ROLE_LABELS } from '@ov/domain/notifications';
import type { TFunction } from 'i18next';
import i18next from './i18n';

/**
 * A role's display name in the interface language: the built-in roles' names are the domain's (the
 * same words the notifications and traces use); a role an administrator made shows its own name.
 */
export function roleLabel(_t: TFunction, name: string): string {
  const lang = i18next.language === 'en' ? 'en' : 'es';
  return ROLE_LABELS[lang][name] ?? name;
}
