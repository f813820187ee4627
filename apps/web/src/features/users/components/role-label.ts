import type { TFunction } from 'i18next';

/** A role's display name: the shared translation, then this feature's, then the raw name. */
export function roleLabel(t: TFunction, name: string): string {
  return t(`roles.${name}`, { defaultValue: t(`users.roleNames.${name}`, { defaultValue: name }) });
}
