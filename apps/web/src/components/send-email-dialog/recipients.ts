import { suggestEmails } from '@ov/domain/constants';
import { EMAIL_PATTERN } from '@ov/domain/validation/rules';

/** A chosen option of the recipient box: a user (`id:<uuid>`) or a typed address (`email:<address>`). */
export interface RecipientOption {
  value: string;
  label: string;
}

export type Recipient = { _id: string } | { email: string };

const ID = 'id:';
const EMAIL = 'email:';

export const userOption = (id: string, label: string): RecipientOption => ({ value: `${ID}${id}`, label });
export const emailOption = (address: string): RecipientOption => ({
  value: `${EMAIL}${address.toLowerCase()}`,
  label: address.toLowerCase(),
});

/** Spec §5: typing text with '@' offers the gmail/yahoo/outlook/protonmail completions (and the text). */
export function addressOptions(typed: string): RecipientOption[] {
  const text = typed.trim();
  if (!text.includes('@')) return [];
  const suggestions = suggestEmails(text);
  const all = EMAIL_PATTERN.test(text.toLowerCase()) ? [text, ...suggestions] : suggestions;
  return [...new Set(all.map((address) => address.toLowerCase()))].map(emailOption);
}

/** A chosen user is sent as `_id`, a typed address as `email`. */
export function toRecipients(values: readonly string[]): Recipient[] {
  return values.map((value) =>
    value.startsWith(ID) ? { _id: value.slice(ID.length) } : { email: value.slice(EMAIL.length) },
  );
}
