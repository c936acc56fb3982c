/* global console */
// The Apps Script manifest for one service URL. urlFetchWhitelist holds URL
// prefixes; Apps Script requires https prefixes for deployments, so the build
// refuses a plain http BASE_URL except on the loopback (local tests, the
// default), where it warns.

export const DEFAULT_BASE_URL = 'http://localhost:3000';

/** BASE_URL without trailing slashes; throws on anything but an http(s) URL. */
export function serviceBaseUrl(value = DEFAULT_BASE_URL) {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(trimmed)) {
    throw new Error(`BASE_URL must be an http(s) URL without query, got "${value}"`);
  }
  const loopback = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i.test(trimmed);
  if (!trimmed.toLowerCase().startsWith('https://') && !loopback) {
    throw new Error(
      `BASE_URL must be https for the Sheets add-on (Apps Script fetches only https entries of urlFetchWhitelist), got "${value}"`,
    );
  }
  if (!trimmed.toLowerCase().startsWith('https://')) {
    console.warn(
      `BASE_URL ${trimmed} is not https: fine for tests, but Apps Script only deploys https entries of urlFetchWhitelist.`,
    );
  }
  return trimmed;
}

/** The URL prefixes Apps Script may fetch (the manifest's urlFetchWhitelist). */
export function urlAllowlist(baseUrl) {
  return [`${baseUrl}/`];
}

/** manifests/appsscript.json with the whitelist set to the service URL prefix. */
export function manifestFor(manifestText, baseUrl) {
  const manifest = JSON.parse(manifestText);
  manifest.urlFetchWhitelist = urlAllowlist(baseUrl);
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
