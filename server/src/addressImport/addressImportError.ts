// Why an import of house coordinates (or the download before it) was refused.
// The command prints the German message and exits non-zero; nothing was replaced.
export const IMPORT_REFUSALS = [
  'unknown_state',
  'not_open',
  'manual_download',
  'download_failed',
  'download_refused',
  'not_a_file',
  'interrupted',
  'unreadable_file',
  'empty_file',
  'unknown_format',
  'other_state',
  'too_many_malformed',
  'too_many_repeats',
  'not_migrated',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

export class AddressImportError extends Error {
  override name = 'AddressImportError';

  constructor(
    readonly reason: ImportRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
