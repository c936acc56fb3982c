// calculate_bodenwert through the SDK client: the same result and the same
// error codes as POST /api/bodenwert, never counted against the quota.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATION_DISCLAIMER } from '#shared/texts.js';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { callTool, connectMcp, texts } from './mcpClient.js';

let server: TestServer;
let account: TestAccount;
let client: Client;
beforeAll(async () => {
  server = await startTestServer();
  account = await createTestAccount(server.ctx);
  client = await connectMcp(server.url, account.token);
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function rest(body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/bodenwert`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const calculate = (args: Record<string, unknown>) => callTool(client, 'calculate_bodenwert', args);

describe('calculate_bodenwert', () => {
  it('gives the REST result for numbers as text with a decimal comma', async () => {
    const args = {
      brw: '450',
      gfz_referenz: '1,0',
      gfz_tatsaechlich: 1.2,
      flaeche: '600,5',
      hinterland_flaeche_m2: 200,
      hinterland_faktor: '0,3',
    };
    const result = await calculate(args);
    const expected = await rest(args);
    expect(expected.status).toBe(200);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(expected.body);
    expect(result.structuredContent).toMatchObject({
      grundstuecksflaeche_m2: 600.5,
      hinterland_faktor: 0.3,
    });
    const [summary, json] = texts(result);
    expect(JSON.parse(json ?? '')).toEqual(expected.body);
    expect(summary).toContain(`Bodenwert: `);
    expect(summary).toMatch(
      /Davon Vorderland 400,5 m²: [\d.]+,\d+ €; Hinterland 200 m² × Faktor 0,3/,
    );
    expect(summary).toContain(CALCULATION_DISCLAIMER);
  });

  it('converts the land value alone when no area is given', async () => {
    const result = await calculate({ brw: 300, gfz_referenz: 0.8, gfz_tatsaechlich: '1,6' });
    expect(result.structuredContent).toEqual(
      (await rest({ brw: 300, gfz_referenz: 0.8, gfz_tatsaechlich: '1,6' })).body,
    );
    expect(result.structuredContent).not.toHaveProperty('bodenwert_euro');
    expect(texts(result)[0]).not.toContain('Bodenwert:');
  });

  it.each([
    [{ gfz_referenz: 1, gfz_tatsaechlich: 1 }, 'missing_parameter'],
    [{ brw: 'viel', gfz_referenz: 1, gfz_tatsaechlich: 1 }, 'invalid_brw'],
    [{ brw: true, gfz_referenz: 1, gfz_tatsaechlich: 1 }, 'invalid_brw'],
    [{ brw: 100, gfz_referenz: '0', gfz_tatsaechlich: 1 }, 'invalid_gfz_referenz'],
    [{ brw: 100, gfz_referenz: 1, gfz_tatsaechlich: '1.000,5' }, 'invalid_gfz_tatsaechlich'],
    [{ brw: 100, gfz_referenz: 1, gfz_tatsaechlich: 1, flaeche: -1 }, 'invalid_flaeche'],
    [
      {
        brw: 100,
        gfz_referenz: 1,
        gfz_tatsaechlich: 1,
        flaeche: 100,
        hinterland_flaeche_m2: 100,
        hinterland_faktor: 0.5,
      },
      'invalid_hinterland_flaeche_m2',
    ],
    [
      {
        brw: 100,
        gfz_referenz: 1,
        gfz_tatsaechlich: 1,
        flaeche: 100,
        hinterland_flaeche_m2: 10,
        hinterland_faktor: 1.5,
      },
      'invalid_hinterland_faktor',
    ],
  ])('answers %j with the tool error %s, as the REST API does', async (args, code) => {
    const result = await calculate(args);
    const expected = await rest(args);
    expect(expected.body.error).toBe(code);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(expected.body);
    expect(texts(result)[0]).toBe(`Fehler ${code} (400): ${String(expected.body.message)}`);
  });

  it('does not count against the quota', async () => {
    await calculate({ brw: 100, gfz_referenz: 1, gfz_tatsaechlich: 1 });
    const profile = await server.ctx.profiles.getProfile(account.user.id);
    expect(profile?.usage_this_month).toBe(0);
  });
});
