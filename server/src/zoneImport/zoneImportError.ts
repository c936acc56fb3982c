// Why a zone-set import (or the download before it, or a check of a set) was
// refused. The command prints the German message, which names the file and
// the field, and exits non-zero; the state's active set is untouched.
export const ZONE_IMPORT_REFUSALS = [
  'unknown_set',
  'not_enabled',
  'download_failed',
  'not_a_file',
  'no_address',
  'unreadable_file',
  'missing_field',
  'wrong_crs',
  'empty_set',
  'interrupted',
  'not_migrated',
  // zones:check: a bad option, no active set to check, or the live service failed midway.
  'bad_option',
  'no_active_set',
  'service_outage',
] as const;
export type ZoneImportRefusal = (typeof ZONE_IMPORT_REFUSALS)[number];

export class ZoneImportError extends Error {
  override name = 'ZoneImportError';

  constructor(
    readonly reason: ZoneImportRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
