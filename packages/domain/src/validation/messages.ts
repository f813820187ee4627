import type { Language } from '../errors';

/**
 * Zod messages are the Spanish text (the product's default language), so an API answer and a form read
 * the same; `translateValidationMessage` turns one back into English. `{name}` marks a parameter.
 */
const ES = {
  required: 'Requerido',
  invalidEmail: 'Correo electrónico no válido',
  passwordsMismatch: 'No coinciden las contraseñas',
  passwordHint: 'Al menos 8 caracteres, que no sea fácil de adivinar',
  invalidPhone: 'Teléfono no válido',
  invalidUrl: 'URL no válida',
  maxDescription: 'Máximo {max} caracteres',
  maxTitle: 'El título no puede tener más de {max} caracteres',
  nameLength: 'Debe tener entre {min} y {max} caracteres',
  textLength: 'Debe contener entre {min} y {max} caracteres',
  startBeforeEnd: 'La fecha de inicio debe ser anterior a la fecha de fin',
  notBeforeToday: 'La fecha no puede ser anterior a hoy',
  minLessThanMax: 'El mínimo debe ser menor que el máximo',
  lettersOnly: 'Solo se permiten letras',
  lettersAndNumbers: 'Solo se permiten letras y números',
  invalidNationalId: 'Carné de identidad no válido',
  invalidPostalCode: 'Código postal no válido',
  invalidCard: 'Número de tarjeta no válido',
  invalidExpiry: 'Fecha de vencimiento no válida',
  invalidCvc: 'Código de seguridad (CVC) no válido',
  minAge: 'Debe tener al menos {min} años',
  passwordTooCommon: 'La contraseña es demasiado común, es fácil de adivinar',
  passwordTooShort: 'La contraseña debe tener al menos {min} caracteres',
  passwordTooLong: 'La contraseña no puede tener más de {max} caracteres',
  invalidUsername: 'Nombre de usuario no válido',
  invalidClientCode: 'Código de cliente no válido',
  invalidDate: 'Fecha no válida',
  invalidValue: 'Valor no válido',
  maxLength: 'No puede tener más de {max} caracteres',
} as const;

export type ValidationMessageKey = keyof typeof ES;

const EN: Record<ValidationMessageKey, string> = {
  required: 'Required',
  invalidEmail: 'Invalid e-mail',
  passwordsMismatch: 'Passwords do not match',
  passwordHint: 'At least 8 characters, not easy to guess',
  invalidPhone: 'Invalid phone number',
  invalidUrl: 'Invalid URL',
  maxDescription: 'At most {max} characters',
  maxTitle: 'The title cannot be longer than {max} characters',
  nameLength: 'Must be between {min} and {max} characters long',
  textLength: 'Must contain between {min} and {max} characters',
  startBeforeEnd: 'The start date must be before the end date',
  notBeforeToday: 'The date cannot be before today',
  minLessThanMax: 'The minimum must be less than the maximum',
  lettersOnly: 'Only letters are allowed',
  lettersAndNumbers: 'Only letters and numbers are allowed',
  invalidNationalId: 'Invalid national ID',
  invalidPostalCode: 'Invalid postal code',
  invalidCard: 'Invalid card number',
  invalidExpiry: 'Invalid expiry date',
  invalidCvc: 'Invalid security code (CVC)',
  minAge: 'Must be at least {min} years old',
  passwordTooCommon: 'The password is too common, it is easy to guess',
  passwordTooShort: 'The password must have at least {min} characters',
  passwordTooLong: 'The password cannot have more than {max} characters',
  invalidUsername: 'Invalid username',
  invalidClientCode: 'Invalid client code',
  invalidDate: 'Invalid date',
  invalidValue: 'Invalid value',
  maxLength: 'Cannot be longer than {max} characters',
};

export const VALIDATION_MESSAGES: Readonly<Record<Language, Readonly<Record<ValidationMessageKey, string>>>> =
  Object.freeze({ es: ES, en: EN });

type Params = Record<string, string | number>;

const fill = (template: string, params: Params = {}) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A message with its parameters filled in, e.g. `validationMessage('maxDescription', {max: 500})`. */
export function validationMessage(key: ValidationMessageKey, params?: Params, lang: Language = 'es'): string {
  return fill(VALIDATION_MESSAGES[lang][key], params);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SPANISH_PATTERNS = (Object.keys(ES) as ValidationMessageKey[]).map((key) => {
  const names: string[] = [];
  const source = ES[key]
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (!param) return escapeRegExp(part);
      names.push(param[1]);
      return '(.+?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** Maps a Spanish validation message (as zod produced it) to `lang`; unknown text is returned as is. */
export function translateValidationMessage(spanish: string, lang: Language): string {
  if (lang === 'es') return spanish;
  for (const { key, names, pattern } of SPANISH_PATTERNS) {
    const match = pattern.exec(spanish);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
    return validationMessage(key, params, lang);
  }
  return spanish;
}
