// The registration body's rules, message by message. The first broken rule
// answers, in the order: a JSON object, token_endpoint_auth_method,
// grant_types, response_types, client_name, redirect_uris.
import { describe, expect, it } from 'vitest';
import { parseRegistrationRequest } from '#server/oauth/wire/registrationRequest.js';

const URI = 'https://app.example.de/cb';
const NAME = 'Der Name der App braucht 1 bis 100 Zeichen.';
const GRANTS = 'grant_types: registrierbar sind authorization_code und refresh_token.';
const LIST = 'redirect_uris muss eine Liste von URLs sein.';

describe('the RFC 7591 registration request', () => {
  it.each([
    ['a list', [], 'invalid_client_metadata', 'Erwartet wird ein JSON-Objekt (application/json).'],
    [
      'an unknown auth method before bad grants',
      { token_endpoint_auth_method: 'private_key_jwt', grant_types: 'x' },
      'invalid_client_metadata',
      'token_endpoint_auth_method muss einer von none, client_secret_basic, client_secret_post sein.',
    ],
    [
      'grants without authorization_code',
      { grant_types: ['refresh_token'] },
      'invalid_client_metadata',
      GRANTS,
    ],
    [
      'client_credentials',
      { grant_types: ['authorization_code', 'client_credentials'] },
      'invalid_client_metadata',
      GRANTS,
    ],
    [
      'response type token before a missing name',
      { response_types: ['token'] },
      'invalid_client_metadata',
      'response_types: nur code wird unterstützt.',
    ],
    [
      'a name of invisible characters before bad URIs',
      { client_name: '\u200b\u202e ', redirect_uris: 5 },
      'invalid_client_metadata',
      NAME,
    ],
    [
      'a name of 101 characters',
      { client_name: 'x'.repeat(101), redirect_uris: [URI] },
      'invalid_client_metadata',
      NAME,
    ],
    [
      'URIs that are not strings',
      { client_name: 'A', redirect_uris: [URI, 3] },
      'invalid_redirect_uri',
      LIST,
    ],
    [
      'only blank URIs',
      { client_name: 'A', redirect_uris: [' ', ''] },
      'invalid_redirect_uri',
      'Für authorization_code ist mindestens eine Redirect-URI nötig.',
    ],
    [
      'eleven different URIs',
      { client_name: 'A', redirect_uris: Array.from({ length: 11 }, (_, i) => `${URI}${i}`) },
      'invalid_redirect_uri',
      'Höchstens 10 Redirect-URIs.',
    ],
    [
      'plain http on another host',
      { client_name: 'A', redirect_uris: ['http://app.example.de/cb'] },
      'invalid_redirect_uri',
      'Ungültige Redirect-URI http://app.example.de/cb: erlaubt sind vollständige HTTPS-URLs (https://host/…) und http://127.0.0.1, http://[::1] bzw. http://localhost, ohne Fragment, Leerzeichen oder Backslash.',
    ],
  ])('refuses %s', (_name, body, error, message) => {
    expect(parseRegistrationRequest(body)).toEqual({ ok: false, error, message });
  });

  it('reads null as absent, normalises the name and canonicalises the URIs', () => {
    const body = {
      client_name: ' Meine\u202e\u0000  App ',
      redirect_uris: [
        'https://APP.example.de/cb',
        `${URI} `,
        ...Array.from({ length: 10 }, () => URI),
      ],
      token_endpoint_auth_method: null,
      grant_types: null,
      response_types: null,
    };
    expect(parseRegistrationRequest(body)).toEqual({
      ok: true,
      value: {
        name: 'Meine App',
        description: null,
        type: 'public',
        authMethod: 'none',
        grants: ['authorization_code'],
        redirectUris: [URI],
      },
    });
  });

  it('makes a client with a secret method confidential', () => {
    const body = {
      client_name: 'A',
      redirect_uris: [URI],
      token_endpoint_auth_method: 'client_secret_post',
    };
    expect(parseRegistrationRequest(body)).toMatchObject({
      ok: true,
      value: { type: 'confidential', authMethod: 'client_secret_post' },
    });
  });
});
