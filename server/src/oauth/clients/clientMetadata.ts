// The rules every app registration obeys, whichever way it arrives
// (dashboard, RFC 7591 registration, admin command line). Pure functions.
import {
  CLIENT_GRANTS,
  CLIENT_TYPES,
  type ClientGrant,
  type ClientRegistration,
  type ClientType,
} from './clientTypes.js';

export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** RFC 7591 §3.2.2 error codes. */
export type MetadataErrorCode = 'invalid_redirect_uri' | 'invalid_client_metadata';

export type MetadataResult =
  | { ok: true; value: ClientRegistration }
  | { ok: false; error: MetadataErrorCode; message: string };

/** Input before checking: every field as the caller sent it. */
export interface RegistrationInput {
  name: unknown;
  description?: unknown;
  type: unknown;
  grants: unknown;
  redirectUris: unknown;
}

/** HTTPS, or plain HTTP on the loopback host; never a fragment (RFC 6749 §3.1.2). */
export function isAllowedRedirectUri(uri: string): boolean {
  if (uri.length > MAX_URI_LENGTH || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.hash !== '' || uri.includes('#') || url.username !== '' || url.password !== '') {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

const metadataError = (message: string): MetadataResult => ({
  ok: false,
  error: 'invalid_client_metadata',
  message,
});

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function validateRegistration(input: RegistrationInput): MetadataResult {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '' || name.length > MAX_NAME_LENGTH) {
    return metadataError(`Der Name der App braucht 1 bis ${MAX_NAME_LENGTH} Zeichen.`);
  }
  const rawDescription = input.description ?? '';
  if (typeof rawDescription !== 'string' || rawDescription.length > MAX_DESCRIPTION_LENGTH) {
    return metadataError(
      `Die Beschreibung darf höchstens ${MAX_DESCRIPTION_LENGTH} Zeichen haben.`,
    );
  }
  if (!CLIENT_TYPES.includes(input.type as ClientType)) {
    return metadataError('Der App-Typ muss public oder confidential sein.');
  }
  const type = input.type as ClientType;
  if (!isStringArray(input.grants) || input.grants.length === 0) {
    return metadataError('Wählen Sie mindestens einen Grant-Typ.');
  }
  const unknownGrant = input.grants.find((g) => !CLIENT_GRANTS.includes(g as ClientGrant));
  if (unknownGrant !== undefined) {
    return metadataError(`Unbekannter Grant-Typ: ${unknownGrant}.`);
  }
  const grants = [...new Set(input.grants as ClientGrant[])];
  if (grants.includes('client_credentials') && type !== 'confidential') {
    return metadataError(
      'client_credentials ist nur für vertrauliche (confidential) Apps möglich.',
    );
  }
  if (!isStringArray(input.redirectUris)) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      message: 'redirect_uris muss eine Liste von URLs sein.',
    };
  }
  const redirectUris = [...new Set(input.redirectUris.map((uri) => uri.trim()).filter(Boolean))];
  if (grants.includes('authorization_code') && redirectUris.length === 0) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      message: 'Für authorization_code ist mindestens eine Redirect-URI nötig.',
    };
  }
  if (redirectUris.length > MAX_REDIRECT_URIS) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      message: `Höchstens ${MAX_REDIRECT_URIS} Redirect-URIs.`,
    };
  }
  const bad = redirectUris.find((uri) => !isAllowedRedirectUri(uri));
  if (bad !== undefined) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      message: `Ungültige Redirect-URI ${bad}: erlaubt sind HTTPS-URLs und http://localhost bzw. http://127.0.0.1, ohne Fragment.`,
    };
  }
  const description = rawDescription.trim();
  return {
    ok: true,
    value: {
      name,
      description: description === '' ? null : description,
      type,
      grants,
      redirectUris,
    },
  };
}
