// Redirect URIs (RFC 6749 §3.1.2, RFC 9700 §4.1.3, RFC 8252 §7.3). A URI is
// checked on its raw text before the WHATWG parser repairs it: the parser
// turns `https:///x` or `https:\\x` into `https://x/`, so an authority must
// be written out, and whitespace, control characters and backslashes are
// refused. Registered URIs are stored in canonical form; a requested URI
// matches when its canonical form equals a registered one, except that an
// http loopback IP literal (127.0.0.1, [::1]) matches on any port, because
// native apps listen on an ephemeral port.
const MAX_URI_LENGTH = 2000;
const WRITTEN_AUTHORITY = /^https?:\/\/[^/?#]/i;
const UNSAFE_CHARACTERS = /[\s\p{Cc}\\#]/u;
const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);
const LOOPBACK_HOSTS = new Set([...LOOPBACK_IPS, 'localhost']);

/** The canonical form of an acceptable redirect URI, or null. */
export function canonicalRedirectUri(uri: string): string | null {
  if (uri.length > MAX_URI_LENGTH || !WRITTEN_AUTHORITY.test(uri)) return null;
  if (UNSAFE_CHARACTERS.test(uri) || !URL.canParse(uri)) return null;
  const url = new URL(uri);
  if (url.username !== '' || url.password !== '') return null;
  if (url.protocol === 'https:') return url.hostname === '' ? null : url.href;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) ? url.href : null;
}

function withoutLoopbackPort(uri: string): string | null {
  const url = new URL(uri);
  if (url.protocol !== 'http:' || !LOOPBACK_IPS.has(url.hostname)) return null;
  url.port = '';
  return url.href;
}

/**
 * Where to send the browser for a requested redirect URI: its canonical form
 * when it matches one of the registered URIs, else null.
 */
export function matchRedirectUri(registered: readonly string[], requested: string): string | null {
  const wanted = canonicalRedirectUri(requested);
  if (wanted === null) return null;
  const canonical = registered.flatMap((uri) => canonicalRedirectUri(uri) ?? []);
  if (canonical.includes(wanted)) return wanted;
  const portless = withoutLoopbackPort(wanted);
  if (portless === null) return null;
  return canonical.some((uri) => withoutLoopbackPort(uri) === portless) ? wanted : null;
}
