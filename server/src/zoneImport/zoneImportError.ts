// Why a zone-set import (the download before it, or the route reading it) was
// refused. The command prints the German message, which names the file or
// page and, where it is one, the field, and exits non-zero; the import keeps
// nothing, so the state's active set is untouched (a set read in part would
// answer as if the rest had no zones).
export const ZONE_IMPORT_REFUSALS = [
  'unknown_set',
  'not_enabled',
  'download_failed',
  'not_a_file',
  'no_address',
  'unreadable_file',
  'missing_field',
  /** The answer or file names a coordinate system the set cannot be read in. */
  'wrong_crs',
  'empty_set',
  'interrupted',
  'not_migrated',
  /** A page could not be fetched or read: HTTP error, HTML page, cut or broken body. */
  'unreadable_page',
  /** The service stopped paging before it had sent what it said it holds. */
  'paging_stopped',
  /** The input is not the set: a file that is no BRM XML, a type the service does not offer. */
  'not_the_set',
  /** `zones:update`: the service's newest offered stichtag could not be read. */
  'offer_unreadable',
  // zones:check: a bad option, no active set to check, or the live service failed midway.
  'bad_option',
  'no_active_set',
  'service_outage',
] as const;
export type ZoneImportRefusal = (typeof ZONE_IMPORT_REFUSALS)[number];

/**
 * The refusals of a route while reading (a page, a file's content): their
 * messages name only what failed, so the command adds that the active set stays.
 */
export const ROUTE_FAILURES: readonly ZoneImportRefusal[] = [
  'unreadable_page',
  'paging_stopped',
  'wrong_crs',
  'not_the_set',
];

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
