// Apps Script fetches only URLs under the manifest's urlFetchWhitelist and
// refuses any other with an exception that reads like a broken network. A
// service URL outside it is named as such, before any request.
import { AppError, ErrorCode } from '#shared/index.js';
import { URL_ALLOWLIST } from './buildConstants.js';

/** The refusal of a service URL outside the allowlist; undefined when it may be fetched. */
export function allowlistError(
  serviceUrl: string,
  allowlist: readonly string[] = URL_ALLOWLIST,
): AppError | undefined {
  const url = `${serviceUrl.replace(/\/+$/, '')}/`;
  if (allowlist.some((prefix) => url.toLowerCase().startsWith(prefix.toLowerCase()))) {
    return undefined;
  }
  return new AppError(
    ErrorCode.invalidBody,
    `Die Dienst-URL ${serviceUrl} ist nicht freigegeben: Apps Script ruft nur Adressen der Freigabeliste dieses Add-ons ab (${allowlist.join(', ')}, urlFetchWhitelist im Manifest).`,
  );
}
