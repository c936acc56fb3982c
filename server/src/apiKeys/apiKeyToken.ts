// The API key value: a recognisable prefix and 256 random bits. Only its
// SHA-256 is stored; a fast hash is enough for a secret of that entropy.
import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'brw_live_';
const DISPLAY_CHARS = 6;

export interface GeneratedApiKey {
  value: string;
  hash: string;
  /** Shown in key lists so owners can tell keys apart, e.g. brw_live_3fQx9a. */
  displayPrefix: string;
}

export function generateApiKey(): GeneratedApiKey {
  const value = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return {
    value,
    hash: hashApiKey(value),
    displayPrefix: value.slice(0, API_KEY_PREFIX.length + DISPLAY_CHARS),
  };
}

export function hashApiKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}
