import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '#shared/client/apiErrors.js';

describe('errorFromResponse', () => {
  it('keeps code, message and 402 details of a documented error body', () => {
    const error = errorFromResponse(402, {
      error: 'limit_reached',
      message: 'Kontingent erschöpft',
      status: 402,
      reason: 'trial_exhausted',
      upgrade_url: 'https://example.test/billing',
    });
    expect(error.code).toBe('limit_reached');
    expect(error.message).toBe('Kontingent erschöpft');
    expect(error.details).toEqual({
      reason: 'trial_exhausted',
      upgrade_url: 'https://example.test/billing',
    });
  });

  it('reads a body given as JSON text', () => {
    const body = JSON.stringify({ error: 'invalid_brw', message: '„brw“ …', status: 400 });
    const error = errorFromResponse(400, body);
    expect(error.code).toBe('invalid_brw');
    expect(error.details).toBeUndefined();
  });

  it.each([
    [502, '<html>Bad Gateway</html>', 'service_error'],
    [503, undefined, 'service_error'],
    [500, { error: 'something_new', message: 'x' }, 'service_error'],
    [429, '', 'rate_limit_exceeded'],
    [401, null, 'invalid_token'],
    [402, [], 'limit_reached'],
    [404, { message: 'gone' }, 'not_found'],
    [451, 'nope', 'restricted_state'],
    [400, { error: 'invalid_brw' }, 'invalid_body'], // no message: not a documented body
    [418, {}, 'service_error'],
    [0, undefined, 'service_error'],
  ])('maps status %d with an unusable body %j to %s', (status, body, code) => {
    const error = errorFromResponse(status, body);
    expect(error.code).toBe(code);
    expect(error.message).toBe(`Unerwartete Antwort des Dienstes (HTTP ${status}).`);
  });
});
