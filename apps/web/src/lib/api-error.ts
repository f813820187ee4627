export interface ApiErrorBody {
  name: string;
  reference: number;
  message: string;
  /** Extra facts of some errors (e.g. CONFLICTERROR 409 `{ref}`, VALIDATIONERROR field list). */
  details?: unknown;
}

/** Any failed call: the catalogue error of the API, or NETWORKERROR (status 0) when no answer arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly reference: number;
  readonly details?: unknown;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = body.name;
    this.status = status;
    this.reference = body.reference;
    this.details = body.details;
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, { name: 'NETWORKERROR', reference: 0, message: String(cause) });
    return error;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Catalogue defaults when a response carries no usable body. */
export const DEFAULT_ERROR: ApiErrorBody = { name: 'INTERNALERROR', reference: 0, message: '' };

export async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    // Non-JSON error (proxy page, empty body): fall back to the catalogue defaults.
  }
  return new ApiError(response.status, {
    name: typeof body.name === 'string' ? body.name : DEFAULT_ERROR.name,
    reference: typeof body.reference === 'number' ? body.reference : DEFAULT_ERROR.reference,
    message: typeof body.message === 'string' ? body.message : response.statusText,
    details: body.details,
  });
}
