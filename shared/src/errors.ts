// The one error class of the product. Every part branches on `code`; the HTTP
// status belongs to the code, so the server, the Excel add-in and the Sheets
// add-on translate the same code the same way at their own boundary.

export const ErrorCode = {
  // Input of the lookup (§7.1)
  missingAddress: 'missing_address',
  addressTooLong: 'address_too_long',
  invalidNutzungsart: 'invalid_nutzungsart',
  invalidFormat: 'invalid_format',
  invalidStichtag: 'invalid_stichtag',
  // Input of the batch lookup (more than MAX_BATCH_ADDRESSES addresses)
  tooManyAddresses: 'too_many_addresses',
  // Input of the parcel view (GET /api/flurstueck): one of address and kennzeichen
  conflictingParameters: 'conflicting_parameters',
  invalidKennzeichen: 'invalid_kennzeichen',
  // Input of GET /api/immobilienrichtwert: a sub-market not in the table
  invalidTeilmarkt: 'invalid_teilmarkt',
  // Input of the Liegenschaftszins lookup (GET /api/liegenschaftszins)
  invalidObjektart: 'invalid_objektart',
  // Input of the calculation (§7.2)
  invalidJson: 'invalid_json',
  invalidBody: 'invalid_body',
  missingParameter: 'missing_parameter',
  invalidBrw: 'invalid_brw',
  invalidGfzReferenz: 'invalid_gfz_referenz',
  invalidGfzTatsaechlich: 'invalid_gfz_tatsaechlich',
  invalidFlaeche: 'invalid_flaeche',
  invalidHinterlandFlaeche: 'invalid_hinterland_flaeche_m2',
  invalidHinterlandFaktor: 'invalid_hinterland_faktor',
  // Input of the spreadsheet functions (client side only)
  invalidField: 'invalid_field',
  /** Zones of the selection disagree; the Bodenrichtwertnummer must pick one. */
  ambiguousZone: 'ambiguous_zone',
  // Authentication, plans and limits (§5, §8)
  missingToken: 'missing_token',
  invalidToken: 'invalid_token',
  limitReached: 'limit_reached',
  paymentPastDue: 'payment_past_due',
  rateLimitExceeded: 'rate_limit_exceeded',
  // Lookup outcomes (§7.1)
  addressNotFound: 'address_not_found',
  noData: 'no_data',
  /** No parcel at the point, or no parcel with the Kennzeichen. */
  parcelNotFound: 'parcel_not_found',
  restrictedState: 'restricted_state',
  serviceError: 'service_error',
  processingError: 'processing_error',
  // Generic HTTP
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  tooManyParameters: 'too_many_parameters',
  internalServerError: 'internal_server_error',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  missing_address: 400,
  address_too_long: 400,
  invalid_nutzungsart: 400,
  invalid_format: 400,
  invalid_stichtag: 400,
  too_many_addresses: 400,
  conflicting_parameters: 400,
  invalid_kennzeichen: 400,
  invalid_teilmarkt: 400,
  invalid_objektart: 400,
  invalid_json: 400,
  invalid_body: 400,
  missing_parameter: 400,
  invalid_brw: 400,
  invalid_gfz_referenz: 400,
  invalid_gfz_tatsaechlich: 400,
  invalid_flaeche: 400,
  invalid_hinterland_flaeche_m2: 400,
  invalid_hinterland_faktor: 400,
  invalid_field: 400,
  ambiguous_zone: 400,
  missing_token: 401,
  invalid_token: 401,
  limit_reached: 402,
  payment_past_due: 402,
  rate_limit_exceeded: 429,
  address_not_found: 404,
  no_data: 404,
  parcel_not_found: 404,
  restricted_state: 451,
  service_error: 503,
  processing_error: 500,
  not_found: 404,
  payload_too_large: 413,
  too_many_parameters: 400,
  internal_server_error: 500,
};

/** Extra fields of an error body, e.g. `reason` and `upgrade_url` of 402 limit_reached. */
export type ErrorDetails = Readonly<Record<string, string>>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetails; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The outcome of a validation: the parsed value or the first error. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(error: AppError): Result<T> => ({ ok: false, error });
