// Random credentials of the OAuth server and their stored form. Every value
// carries 256 random bits, so a plain SHA-256 is enough to store it; the
// prefixes tell the kinds apart (the bearer check routes access tokens by it).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const CREDENTIAL_PREFIX = {
  accessToken: 'brw_at_',
  refreshToken: 'brw_rt_',
  authorizationCode: 'brw_ac_',
  clientSecret: 'brw_cs_',
  clientId: 'brw_app_',
} as const;

/** A new secret value; base64url, so Basic auth needs no extra encoding. */
export function generateCredential(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** A client id: public, so shorter than a secret. */
export function generateClientId(): string {
  return CREDENTIAL_PREFIX.clientId + randomBytes(12).toString('base64url');
}

export function hashCredential(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares a presented value with a stored hash in constant time. */
export function credentialMatches(presented: string, storedHash: string): boolean {
  const actual = Buffer.from(hashCredential(presented), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64
 * (oauth4webapi encodes even '_'); the library's basic-auth does not decode
 * them. Our ids and secrets contain no '%' or '+', so decoding a value that
 * came undecoded from the form body changes nothing.
 */
export function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}
