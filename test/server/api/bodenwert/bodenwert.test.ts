import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

describe('POST /api/bodenwert (§4.2, §7.2)', () => {
  let server: TestServer;
  let account: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    account = await createTestAccount(server.ctx);
  });
  afterAll(async () => {
    await server.close();
  });

  async function post(
    body: string | undefined,
    headers: Record<string, string> = {},
    query = '',
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const res = await fetch(`${server.url}/api/bodenwert${query}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${account.token}`,
        'Content-Type': 'application/json',
        ...headers,
      },
      ...(body === undefined ? {} : { body }),
    });
    const parsed = (await res.json()) as Record<string, unknown>;
    expectValidResponse('POST', '/api/bodenwert', res.status, parsed);
    return { status: res.status, body: parsed, headers: res.headers };
  }
  const postJson = (value: unknown) => post(JSON.stringify(value));

  it('calculates the adjusted value and the plot value', async () => {
    const { status, body } = await postJson({
      brw: 450,
      gfz_referenz: '1,0',
      gfz_tatsaechlich: 1.2,
      flaeche: 600,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      brw_input_euro_pro_m2: 450,
      gfz_referenz: 1,
      gfz_tatsaechlich: 1.2,
      koeffizient_referenz: 1,
      modell: 'amtliche-standardformel',
      grundstuecksflaeche_m2: 600,
    });
    const k = 0.6 * Math.sqrt(1.2) + 0.2 * 1.2 + 0.2;
    expect(body.koeffizient_tatsaechlich).toBe(Number(k.toFixed(4)));
    expect(body.bodenrichtwert_tatsaechlich_euro_pro_m2).toBeCloseTo(450 * k, 2);
    expect(body.bodenwert_euro).toBeCloseTo(450 * k * 600, 2);
  });

  it('splits front and rear land', async () => {
    const { status, body } = await postJson({
      brw: 300,
      gfz_referenz: 1,
      gfz_tatsaechlich: 1,
      flaeche: 1000,
      hinterland_flaeche_m2: 400,
      hinterland_faktor: 0.5,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      vorderland_flaeche_m2: 600,
      vorderland_wert_euro: 180000,
      hinterland_wert_euro: 60000,
      bodenwert_euro: 240000,
    });
  });

  it('never counts against the quota', async () => {
    await postJson({ brw: 1, gfz_referenz: 1, gfz_tatsaechlich: 1 });
    const profile = await server.ctx.profiles.getProfile(account.user.id);
    expect(profile).toMatchObject({ usage_this_month: 0, trial_usage: 0 });
  });

  it.each([
    ['invalid_json', '{"brw": 1,'],
    ['invalid_body', '[1, 2]'],
    ['invalid_body', '"text"'],
    ['missing_parameter', '{"brw": 1, "gfz_referenz": 1}'],
    [
      'missing_parameter',
      '{"brw":1,"gfz_referenz":1,"gfz_tatsaechlich":1,"hinterland_faktor":0.3}',
    ],
    [
      'missing_parameter',
      '{"brw":1,"gfz_referenz":1,"gfz_tatsaechlich":1,"hinterland_faktor":0.3,"hinterland_flaeche_m2":10}',
    ],
    ['invalid_brw', '{"brw": -1, "gfz_referenz": 1, "gfz_tatsaechlich": 1}'],
    ['invalid_brw', '{"brw": "viel", "gfz_referenz": 1, "gfz_tatsaechlich": 1}'],
    ['invalid_gfz_referenz', '{"brw": 1, "gfz_referenz": 0, "gfz_tatsaechlich": 1}'],
    ['invalid_gfz_tatsaechlich', '{"brw": 1, "gfz_referenz": 1, "gfz_tatsaechlich": -2}'],
    ['invalid_flaeche', '{"brw": 1, "gfz_referenz": 1, "gfz_tatsaechlich": 1, "flaeche": 0}'],
    [
      'invalid_hinterland_flaeche_m2',
      '{"brw":1,"gfz_referenz":1,"gfz_tatsaechlich":1,"flaeche":100,"hinterland_flaeche_m2":100,"hinterland_faktor":0.3}',
    ],
    [
      'invalid_hinterland_faktor',
      '{"brw":1,"gfz_referenz":1,"gfz_tatsaechlich":1,"flaeche":100,"hinterland_flaeche_m2":10,"hinterland_faktor":1.5}',
    ],
  ])('answers 400 %s for %s', async (code, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: code, message: expect.any(String) as unknown, status: 400 });
  });

  it('answers 400 invalid_body naming the header when the body is not JSON-typed', async () => {
    // What curl -d sends without -H: the JSON text, typed as a form.
    const form = await post('{"brw":450,"gfz_referenz":1,"gfz_tatsaechlich":1}', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect(form.body.error).toBe('invalid_body');
    expect(form.body.message).toContain('Content-Type: application/json');
    const untyped = await post('brw=1', { 'Content-Type': '' });
    expect(untyped.body).toMatchObject({ error: 'invalid_body', status: 400 });
    expect(untyped.body.message).toContain('Content-Type: application/json');
  });

  it('says a non-number is no number, without the range it would have to be in', async () => {
    const res = await postJson({ brw: 'viel', gfz_referenz: 1, gfz_tatsaechlich: 1 });
    expect(res.body).toMatchObject({ error: 'invalid_brw', status: 400 });
    expect(res.body.message).toContain('„brw“ ist keine Zahl');
    expect(res.body.message).not.toContain('größer oder gleich 0');
  });

  it('reads "1.000" as 1 (dot = decimal separator) and says so in hinweis', async () => {
    const res = await postJson({
      brw: '1.250',
      gfz_referenz: 1,
      gfz_tatsaechlich: 1,
      flaeche: '1.000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brw_input_euro_pro_m2: 1.25, grundstuecksflaeche_m2: 1 });
    expect(res.body.hinweis).toBe(
      '„brw“: „1.250“ wurde als 1,25 gelesen (Punkt = Dezimaltrennzeichen); falls 1250 ' +
        'gemeint ist, „1250“ ohne Punkt senden. „flaeche“: „1.000“ wurde als 1 gelesen ' +
        '(Punkt = Dezimaltrennzeichen); falls 1000 gemeint ist, „1000“ ohne Punkt senden.',
    );
  });

  it.each([1000, '1000', '1,000', '0.125', '1.5', '1234.567'])(
    'adds no reading hint for flaeche %j, which no German reader takes for a thousands dot',
    async (flaeche) => {
      const res = await postJson({ brw: 100, gfz_referenz: 1, gfz_tatsaechlich: 1, flaeche });
      expect(res.status).toBe(200);
      expect(res.body.hinweis).toBeUndefined();
    },
  );

  it('answers 413 payload_too_large above 16 kB', async () => {
    const res = await postJson({
      brw: 1,
      gfz_referenz: 1,
      gfz_tatsaechlich: 1,
      x: 'a'.repeat(17_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
  });

  it('answers 401 missing_token and invalid_token before reading the body', async () => {
    const missing = await post('{', { Authorization: '' });
    expect(missing.body.error).toBe('missing_token');
    const invalid = await post('{', { Authorization: 'Bearer brw_live_nope' });
    expect(invalid.body.error).toBe('invalid_token');
  });

  it('accepts the token as query parameter and answers with no-store', async () => {
    const res = await post(
      JSON.stringify({ brw: 1, gfz_referenz: 1, gfz_tatsaechlich: 1 }),
      { Authorization: '' },
      `?token=${account.token}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers CORS preflight for browser clients', async () => {
    const res = await fetch(`${server.url}/api/bodenwert`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://addin.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('POST /api/bodenwert when something unexpected fails', () => {
  it('answers 500 internal_server_error without internals', async () => {
    const server = await startTestServer();
    const { token } = await createTestAccount(server.ctx);
    await server.ctx.db.sequelize.query('DROP TABLE api_keys');
    const res = await fetch(`${server.url}/api/bodenwert`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"brw": 1, "gfz_referenz": 1, "gfz_tatsaechlich": 1}',
    });
    const body = (await res.json()) as Record<string, unknown>;
    expectValidResponse('POST', '/api/bodenwert', res.status, body);
    expect(body).toEqual({
      error: 'internal_server_error',
      message: 'Interner Fehler bei der Verarbeitung der Anfrage.',
      status: 500,
    });
    await server.close();
  });
});
