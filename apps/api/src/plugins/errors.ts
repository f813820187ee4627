import {
  AppError,
  type ErrorName,
  errorMessage,
  findError,
  validationIssueMessage,
  validationMessage,
} from '@ov/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../lib/db-errors';
import { requestLanguage } from '../lib/language';
import { setRetryAfter } from '../lib/throttle';

interface ErrorBody {
  name: string;
  reference: number;
  message: string;
  details?: unknown;
}

function body(req: FastifyRequest, name: ErrorName, reference: number, details?: unknown): ErrorBody {
  const out: ErrorBody = { name, reference, message: errorMessage(name, reference, requestLanguage(req)) };
  if (details !== undefined) out.details = details;
  return out;
}

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  name: ErrorName,
  reference: number,
  details?: unknown,
) {
  const status = findError(name, reference)?.status ?? 500;
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(body(req, name, reference, details));
}

/**
 * The catalogue entry of a value that breaks the e-mail, phone or username rule (spec §8: 439, 440,
 * 441), told by the rule's own message; a missing value stays a plain VALIDATIONERROR.
 */
const RULE_REFERENCES = new Map<string, number>([
  [validationMessage('invalidEmail'), 439],
  [validationMessage('invalidPhone'), 440],
  [validationMessage('invalidUsername'), 441],
]);

/** PostgreSQL's data exceptions (class 22: bad uuid, date, number, encoding…) and program limits (54). */
function isDataError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Fastify's own client errors (bad JSON, wrong content type, too large…) mapped into the catalogue. */
const FASTIFY_CLIENT_ERRORS: Record<string, [ErrorName, number]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['VALIDATIONERROR', 413],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['VALIDATIONERROR', 415],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATIONERROR', 0],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['VALIDATIONERROR', 0],
  FST_ERR_CTP_INVALID_JSON_BODY: ['VALIDATIONERROR', 0],
  FST_ERR_VALIDATION: ['VALIDATIONERROR', 0],
  FST_ERR_BAD_URL: ['VALIDATIONERROR', 0],
  FST_ERR_ASYNC_CONSTRAINT: ['VALIDATIONERROR', 0],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['VALIDATIONERROR', 415],
  FST_REQ_FILE_TOO_LARGE: ['VALIDATIONERROR', 413],
  FST_PARTS_LIMIT: ['VALIDATIONERROR', 413],
  FST_FILES_LIMIT: ['VALIDATIONERROR', 413],
  FST_FIELDS_LIMIT: ['VALIDATIONERROR', 413],
};

/**
 * Errors Fastify raises before routing (a badly encoded URL, a bad content-type header): passed to
 * the Fastify constructor as `frameworkErrors`, so they too are catalogue errors.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const mapped = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  const [name, reference] = mapped ?? (['VALIDATIONERROR', 0] as [ErrorName, number]);
  return send(req, reply, name, reference);
}

/**
 * The one place where errors become HTTP: catalogue name and reference decide the status, the
 * message follows Accept-Language, and nothing internal (stack, SQL) ever reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'application error');
      setRetryAfter(reply, err);
      return send(req, reply, err.name, err.reference, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const lang = requestLanguage(req);
      const details = err.validation.map((v) => ({
        field: [err.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        // In the caller's language, zod's own English texts included (never "Invalid option: …").
        message: validationIssueMessage(
          { ...(v.params as Record<string, unknown>), code: String(v.keyword), message: v.message },
          lang,
        ),
      }));
      // An e-mail, phone or username that fails its rule answers the catalogue's own entry.
      const named = err.validation
        .map((v) => RULE_REFERENCES.get(v.message ?? ''))
        .find((r) => r !== undefined);
      if (named) return send(req, reply, 'BADREQUESTERROR', named, details);
      return send(req, reply, 'VALIDATIONERROR', 0, details);
    }
    if (isDataError(err)) {
      // A value the database cannot take (a malformed uuid or date that slipped past a schema): the
      // request's fault, so a 400 that changes nothing, never a 500.
      req.log.warn({ err: { message: err.message } }, 'value refused by the database');
      return send(req, reply, 'VALIDATIONERROR', 0);
    }
    const mapped = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (mapped) return send(req, reply, mapped[0], mapped[1]);
    if (err instanceof SyntaxError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      if (err.statusCode === 429) return send(req, reply, 'TOOMANYREQUESTSERROR', 429);
      return send(req, reply, 'VALIDATIONERROR', 0);
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(req, reply, 'SERVICEUNAVAILABLEERROR', 503);
    }
    req.log.error({ err }, 'unhandled error');
    return send(req, reply, 'INTERNALERROR', 0);
  });

  app.setNotFoundHandler((req, reply) => send(req, reply, 'NOTFOUND', 404));
}
