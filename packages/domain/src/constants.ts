export const DEFAULT_PAGE_SIZE = 10;
export const OPTION_LIST_SIZE = 250;
export const LOOKUP_SIZE = 999;
export const DYNAMIC_FILTER_SIZE = 50;
/** Access token lifetime: 2 hours. */
export const TOKEN_EXPIRATION_MS = 72e5;
export const SELECT_DEBOUNCE_MS = 350;
export const DIALOG_CLOSE_DELAY_MS = 500;
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
export const ACTIONS_COLUMN_WIDTH = 100;
export const AUTO_PASSWORD_LENGTH = 8;
export const MIN_AGE = 16;
export const TAG_POPOVER_MAX_WIDTH = 320;

export const FEATURES = {
  onboarding: false,
  payments: true,
  signup: true,
  enzona: true,
  transfermovil: true,
} as const;

export const BASE_PATH = '/oficina_virtual';

export const EMAIL_DOMAIN_SUGGESTIONS = ['gmail.com', 'yahoo.com', 'outlook.com', 'protonmail.com'] as const;

/** Completes the domain of a half-typed address: 'ana@g' → ['ana@gmail.com']. Nothing before '@' → none. */
export function suggestEmails(typed: string): string[] {
  const text = typed.trim();
  const at = text.indexOf('@');
  if (at <= 0) return [];
  const local = text.slice(0, at);
  const domainPart = text.slice(at + 1).toLowerCase();
  if (domainPart.includes('@')) return [];
  return EMAIL_DOMAIN_SUGGESTIONS.filter((domain) => domain.startsWith(domainPart)).map(
    (domain) => `${local}@${domain}`,
  );
}
