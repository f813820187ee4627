/**
 * The error catalogue of spec §8, as data. The API's error plugin is the only place that turns an
 * AppError into an HTTP answer (`{name, reference, message}`), using `status` and the caller's language.
 *
 * The spec's client only knows INTERNALERROR, BADREQUESTERROR, NOTFOUND, UNAUTHORIZEDERROR and the three
 * sign-in errors. AUTHENTICATIONERROR, VALIDATIONERROR, CONFLICTERROR and TOOMANYREQUESTSERROR are ours:
 * the design (§3) needs distinct answers for an invalid token (401, which the client answers with a token
 * refresh, so no business error may use it), malformed input (400/413/415), reference conflicts (409,
 * the overwrite/recover/cancel flow), throttling (429) and a database that is away for a moment
 * (SERVICEUNAVAILABLEERROR 503, with Retry-After). NOTFOUND 404 is ours too (unknown route).
 */
import { ERROR_CATALOGUE } from './error-catalogue';

export { ERROR_CATALOGUE };

export type ErrorName =
  | 'INTERNALERROR'
  | 'BADREQUESTERROR'
  | 'NOTFOUND'
  | 'UNAUTHORIZEDERROR'
  | 'BADCREDENTIALSERROR'
  | 'USERNOTVERIFIEDERROR'
  | 'USERNOTLOCKERROR'
  | 'AUTHENTICATIONERROR'
  | 'VALIDATIONERROR'
  | 'CONFLICTERROR'
  | 'TOOMANYREQUESTSERROR'
  | 'SERVICEUNAVAILABLEERROR'
  | 'PAYMENTRESULT';

export interface CatalogueEntry {
  name: ErrorName;
  reference: number;
  status: number;
  es: string;
  en: string;
}

export type Language = 'es' | 'en';

const catalogueKey = (name: string, reference: number) => `${name}:${reference}`;
const CATALOGUE_INDEX: ReadonlyMap<string, CatalogueEntry> = new Map(
  ERROR_CATALOGUE.map((e) => [catalogueKey(e.name, e.reference), e]),
);
const FALLBACK = CATALOGUE_INDEX.get(catalogueKey('INTERNALERROR', 0))!;

export function findError(name: string, reference: number): CatalogueEntry | undefined {
  return CATALOGUE_INDEX.get(catalogueKey(name, reference));
}

/** The message for a name and reference; unknown pairs read as INTERNALERROR 0. */
export function errorMessage(name: string, reference: number, lang: Language): string {
  return (findError(name, reference) ?? FALLBACK)[lang];
}

/** The one error type services throw; never an HTTP error. */
export class AppError extends Error {
  public readonly name: ErrorName;
  public readonly reference: number;
  public readonly status: number;
  public readonly details: unknown;

  constructor(name: ErrorName, reference = 0, details?: unknown) {
    const found = findError(name, reference);
    // Throwing here makes a mistyped pair fail the first test that reaches it, not a customer.
    if (!found) throw new Error(`Unknown error catalogue entry ${name} ${reference}`);
    super(found.en);
    this.name = name;
    this.reference = reference;
    this.status = found.status;
    this.details = details;
  }
}
