// The address a service route reads for a year: the one the import was given
// (`--url`, for a mirror or a moved service), else the registry's, with
// "{year}" filled in. A service route reads no file: a saved page is not a set.
import type { RouteInput } from '../zoneRoute.js';
import { ZoneImportError } from '../zoneImportError.js';

export function serviceAddress(kind: string, input: RouteInput, year: number): string {
  if (!('url' in input)) {
    throw new ZoneImportError(
      'not_the_set',
      `${input.file}: die Route ${kind} liest einen Dienst Seite für Seite, keine Datei (--url angeben)`,
    );
  }
  return input.url.replaceAll('{year}', String(year));
}
