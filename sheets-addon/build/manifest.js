/* global console */
// The Apps Script manifest for one service URL. urlFetchWhitelist holds URL
// prefixes; Apps Script requires https prefixes for deployments, so a plain
// http BASE_URL only serves local tests (the build warns about it).

export const DEFAULT_BASE_URL = 'http://localhost:3000';

/** BASE_URL without trailing slashes; throws on anything but an http(s) URL. */
export function serviceBaseUrl(value = DEFAULT_BASE_URL) {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(trimmed)) {
    throw new Error(`BASE_URL must be an http(s) URL without query, got "${value}"`);
  }
  if (!trimmed.toLowerCase().startsWith('https://')) {
    console.warn(
      `BASE_URL ${trimmed} is not https: fine for tests, but Apps Script only deploys https entries of urlFetchWhitelist.`,
    );
  }
  return trimmed;
}

/** sheets-addon/appsscript.json with the whitelist set to the service URL prefix. */
export function manifestFor(manifestText, baseUrl) {
  const manifest = JSON.parse(manifestText);
  manifest.urlFetchWhitelist = [`${baseUrl}/`];
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
