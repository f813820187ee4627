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
  faqLink: 'Los enlaces deben llevar a una dirección https:// o a una página del portal (/…)',
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
  minLength: 'Debe tener al menos {min} caracteres',
  invalidOption: 'Elija una de las opciones',
  minValue: 'Debe ser {min} o más',
  maxValue: 'Debe ser {max} o menos',
  minItems: 'Elija al menos {min}',
  maxItems: 'Elija como máximo {max}',
  unknownFields: 'Contiene datos que no se esperaban',
  invalidNumber: 'Debe ser un número',
} as const;

export type ValidationMessageKey = keyof typeof ES;

const EN: Record<ValidationMessageKey, string> = {
  required: 'Required',
  invalidEmail: 'Invalid e-mail',
  passwordsMismatch: 'Passwords do not match',
  passwordHint: 'At least 8 characters, not easy to guess',
  invalidPhone: 'Invalid phone number',
  invalidUrl: 'Invalid URL',
  faqLink: 'Links must lead to an https:// address or to a page of the portal (/…)',
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
  minLength: 'Must have at least {min} characters',
  invalidOption: 'Choose one of the options',
  minValue: 'Must be {min} or more',
  maxValue: 'Must be {max} or less',
  minItems: 'Choose at least {min}',
  maxItems: 'Choose at most {max}',
  unknownFields: 'Contains data that was not expected',
  invalidNumber: 'Must be a number',
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

/** What the API's validation hands over of one zod issue (fastify-type-provider-zod: `keyword` + `params`). */
export interface ValidationIssue {
  code: string;
  message?: string;
  expected?: unknown;
  origin?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  input?: unknown;
}

const isKnownSpanish = (message: string) => SPANISH_PATTERNS.some(({ pattern }) => pattern.test(message));

/**
 * One zod issue in `lang`: our own messages (Spanish, from the shared rules) are translated; zod's
 * built-in English texts ("Invalid option: expected one of …") become the catalogue's words by the
 * issue's code, so nothing a person reads stays in English or shows internal names.
 */
export function validationIssueMessage(issue: ValidationIssue, lang: Language): string {
  if (issue.message && isKnownSpanish(issue.message)) return translateValidationMessage(issue.message, lang);
  const bound = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
  const m = (key: ValidationMessageKey, params?: Params) => validationMessage(key, params, lang);
  switch (issue.code) {
    case 'invalid_type':
      if (
        issue.input === undefined ||
        issue.input === null ||
        /received (undefined|null)/.test(issue.message ?? '')
      )
        return m('required');
      return issue.expected === 'number' || issue.expected === 'int' ? m('invalidNumber') : m('invalidValue');
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_union':
      return m('invalidOption');
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string') return min === '1' || !min ? m('required') : m('minLength', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return m('minItems', { min: min || 1 });
      if (issue.origin === 'date') return m('invalidDate');
      return min ? m('minValue', { min }) : m('invalidValue');
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string') return max ? m('maxLength', { max }) : m('invalidValue');
      if (issue.origin === 'array' || issue.origin === 'set') return m('maxItems', { max });
      if (issue.origin === 'date') return m('invalidDate');
      return max ? m('maxValue', { max }) : m('invalidValue');
    }
    case 'invalid_format':
    case 'invalid_string':
      if (issue.format === 'email') return m('invalidEmail');
      if (issue.format === 'url') return m('invalidUrl');
      if (issue.format === 'date' || issue.format === 'datetime' || issue.format === 'time')
        return m('invalidDate');
      return m('invalidValue');
    case 'invalid_date':
      return m('invalidDate');
    case 'unrecognized_keys':
      return m('unknownFields');
    default:
      return issue.message && !/[A-Za-z]+:/.test(issue.message) && issue.message.length < 200
        ? translateValidationMessage(issue.message, lang)
        : m('invalidValue');
  }
}
