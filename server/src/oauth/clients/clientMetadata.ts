// The rules every app registration obeys, whichever way it arrives
// (dashboard, RFC 7591 registration, admin command line). Pure functions.
import {
  CLIENT_GRANTS,
  CLIENT_TYPES,
  TOKEN_AUTH_METHODS,
  type ClientGrant,
  type ClientRegistration,
  type ClientType,
  type TokenAuthMethod,
} from './clientTypes.js';
import { canonicalRedirectUri } from './redirectUris.js';

export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_REDIRECT_URIS = 10;
// Control characters, and format characters such as the bidi overrides
// (U+202E) and zero-width spaces, could make a name read as another on the
// consent page.
const INVISIBLE = /\p{Cf}/gu;
const CONTROL_OR_SPACE = /[\p{Cc}\p{Z}]+/gu;

/** RFC 7591 §3.2.2 error codes. */
export type MetadataErrorCode = 'invalid_redirect_uri' | 'invalid_client_metadata';

export type MetadataResult = Checked<ClientRegistration>;

/** Input before checking: every field as the caller sent it. */
export interface RegistrationInput {
  name: unknown;
  description?: unknown;
  type: unknown;
  grants: unknown;
  /** Absent: `none` for public, `client_secret_basic` for confidential clients. */
  authMethod?: unknown;
  redirectUris: unknown;
}

/** A display text without invisible characters, every run of space or control characters one space. */
export function displayText(value: string): string {
  return value.replace(INVISIBLE, '').replace(CONTROL_OR_SPACE, ' ').trim();
}

function authMethodFor(type: ClientType, requested: unknown): TokenAuthMethod | null {
  if (requested === undefined) return type === 'public' ? 'none' : 'client_secret_basic';
  if (!TOKEN_AUTH_METHODS.includes(requested as TokenAuthMethod)) return null;
  return (requested === 'none') === (type === 'public') ? (requested as TokenAuthMethod) : null;
}

const metadataError = (message: string): MetadataResult => ({
  ok: false,
  error: 'invalid_client_metadata',
  message,
});

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export const NAME_MESSAGE = `Der Name der App braucht 1 bis ${MAX_NAME_LENGTH} Zeichen.`;
export const REDIRECT_URIS_MESSAGE = 'redirect_uris muss eine Liste von URLs sein.';

type Checked<T> = { ok: true; value: T } | { ok: false; error: MetadataErrorCode; message: string };

/** An app's name as shown: a display text of 1 to MAX_NAME_LENGTH characters. */
export function checkName(raw: unknown): Checked<string> {
  const name = typeof raw === 'string' ? displayText(raw) : '';
  if (name === '' || name.length > MAX_NAME_LENGTH) {
    return { ok: false, error: 'invalid_client_metadata', message: NAME_MESSAGE };
  }
  return { ok: true, value: name };
}

/**
 * The redirect URIs as written (trimmed, blanks and repeats dropped), each
 * canonical; `required`: at least one (the authorization code grant).
 */
export function checkRedirectUris(
  written: readonly string[],
  required: boolean,
): Checked<string[]> {
  const uris = [...new Set(written.map((uri) => uri.trim()).filter(Boolean))];
  if (required && uris.length === 0) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      message: 'Für authorization_code ist mindestens eine Redirect-URI nötig.',
    };
  }
  if (uris.length > MAX_REDIRECT_URIS) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      message: `Höchstens ${MAX_REDIRECT_URIS} Redirect-URIs.`,
    };
  }
  const bad = uris.find((uri) => canonicalRedirectUri(uri) === null);
  if (bad !== undefined) {
    return {
      ok: false,
      error: 'invalid_redirect_uri',
      message: `Ungültige Redirect-URI ${displayText(bad)}: erlaubt sind vollständige HTTPS-URLs (https://host/…) und http://127.0.0.1, http://[::1] bzw. http://localhost, ohne Fragment, Leerzeichen oder Backslash.`,
    };
  }
  return { ok: true, value: [...new Set(uris.map((uri) => canonicalRedirectUri(uri) ?? uri))] };
}

export function validateRegistration(input: RegistrationInput): MetadataResult {
  const name = checkName(input.name);
  if (!name.ok) return name;
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
  const authMethod = authMethodFor(type, input.authMethod);
  if (authMethod === null) {
    return metadataError(
      'token_endpoint_auth_method: none für öffentliche Apps, client_secret_basic oder client_secret_post für vertrauliche.',
    );
  }
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
    return { ok: false, error: 'invalid_redirect_uri', message: REDIRECT_URIS_MESSAGE };
  }
  const redirectUris = checkRedirectUris(input.redirectUris, grants.includes('authorization_code'));
  if (!redirectUris.ok) return redirectUris;
  const description = displayText(rawDescription);
  return {
    ok: true,
    value: {
      name: name.value,
      description: description === '' ? null : description,
      type,
      authMethod,
      grants,
      redirectUris: redirectUris.value,
    },
  };
}
