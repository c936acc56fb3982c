// get_bodenrichtwert through the SDK client against the loopback Nominatim
// and WFS fakes: the REST answer, the same error codes, the same quota rules.
import { currencyFacts } from '#shared/client/currencyLine.js';
import type { Aktualitaet } from '#shared/apiTypes.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { LOOKUP_DISCLAIMER } from '#shared/texts.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { clientCredentialsToken } from '../oauth/support/apps.js';
import { MCP_TOOL_NAMES } from '#server/mcp/mcpServer.js';
import { callTool, connectMcp, texts } from './mcpClient.js';

let h: LookupHarness;
let client: Client;
beforeAll(async () => {
  h = await startLookupHarness();
  client = await connectMcp(h.server.url, h.account.token);
});
afterAll(async () => {
  await client.close();
  await h.close();
});

const lookup = (args: Record<string, unknown>, via: Client = client) =>
  callTool(via, 'get_bodenrichtwert', args);

async function usage(accountId: string = h.account.user.id) {
  return (await h.server.ctx.profiles.getProfile(accountId))?.usage_this_month;
}

function expectToolError(result: CallToolResult, code: string, status: number) {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toMatchObject({ error: code, status });
  const message = String(result.structuredContent?.message);
  expect(texts(result)[0]).toContain(`Fehler ${code} (${status}): ${message}`);
}

describe('the MCP tool list', () => {
  it('offers the five tools with German descriptions and their input schemas', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual([
      'calculate_bodenwert',
      'get_bodenrichtwert',
      'get_bodenrichtwert_batch',
      'get_flurstueck',
      'get_immobilienrichtwert',
      'get_liegenschaftszins',
    ]);
    // The names a call of an unknown tool is refused against are the registered ones.
    expect([...MCP_TOOL_NAMES].sort()).toEqual([...byName.keys()].sort());
    const lookupTool = byName.get('get_bodenrichtwert');
    expect(lookupTool?.description).toContain('amtlichen Bodenrichtwerte');
    expect(lookupTool?.inputSchema.required).toEqual(['address']);
    expect(lookupTool?.inputSchema.properties).toMatchObject({
      address: { type: 'string', maxLength: 300, description: expect.stringContaining('Adresse') },
      nutzungsart: {
        type: 'array',
        items: { enum: ['W', 'M', 'G', 'S', 'L', 'F', 'SO'] },
        description: expect.stringContaining('Wohnbaufläche'),
      },
    });
    const calculateTool = byName.get('calculate_bodenwert');
    expect(calculateTool?.description).toContain('Standardformel');
    expect(calculateTool?.inputSchema.required).toEqual([
      'brw',
      'gfz_referenz',
      'gfz_tatsaechlich',
    ]);
    expect(calculateTool?.inputSchema.properties).toMatchObject({
      // The API's own bounds (OpenAPI BodenwertRequest), derived from one schema.
      gfz_referenz: {
        oneOf: [{ type: 'number', exclusiveMinimum: 0, maximum: 1e6 }, { type: 'string' }],
        description: expect.stringContaining('Komma'),
      },
      hinterland_faktor: { description: expect.stringContaining('0 bis 1') },
    });
  });
});

describe('get_bodenrichtwert', () => {
  it('answers the REST lookup with attribution and disclaimer in its text, counted once', async () => {
    const before = await usage();
    const result = await lookup({ address: DEMO_ADDRESSES.hannover });
    expect(result.isError).toBeFalsy();
    expect(await usage()).toBe((before ?? 0) + 1);

    const res = await h.get({ address: DEMO_ADDRESSES.hannover });
    const restBody = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(result.structuredContent).toEqual({ ...restBody, cache_hit: false });

    const [summary, json] = texts(result);
    expect(JSON.parse(json ?? '')).toEqual(result.structuredContent);
    const attribution = restBody.attribution as { text: string; source_url: string };
    expect(summary).toContain(`Quelle: ${attribution.text}, ${attribution.source_url}`);
    expect(summary).toContain(`Hinweis: ${LOOKUP_DISCLAIMER}`);
    const aktualitaet = restBody.aktualitaet as Aktualitaet;
    expect(summary).toContain(`Aktualität: ${currencyFacts(aktualitaet)}`);
    expect(summary).toContain('- W Allgemeines Wohngebiet (Mehrfamilienhäuser): 980 €/m²');
    expect(summary).toContain('- M Kerngebiet: 1.850 €/m²');
    // What a report cites: the development state and when the values were fetched.
    expect(summary).toContain('Innenstadt Georgstraße, Nr. 04301001, baureifes Land)');
    expect(summary).toContain(`abgerufen am ${String(restBody.abgerufen_am)}`);
    // How the address was located (Niedersachsen publishes no open house coordinates).
    expect(restBody.geocoding).toEqual({ source: 'geocoder', match: 'geocoder' });
    expect(summary).toContain(
      'Verortet über den Geokodierer (keine amtliche Hauskoordinate gefunden).',
    );
  });

  it('answers the values in force on a reference date', async () => {
    const result = await lookup({ address: DEMO_ADDRESSES.hannover, stichtag: '2025-06-01' });
    const entries = result.structuredContent?.bodenrichtwerte as { stichtag: string }[];
    expect(entries.map((entry) => entry.stichtag)).toEqual(['2024-01-01']);
    expect(texts(result)[0]).toContain('Stichtag 2024-01-01');
  });

  it('filters by land-use codes', async () => {
    const result = await lookup({ address: DEMO_ADDRESSES.hannover, nutzungsart: ['M', 'W'] });
    const entries = result.structuredContent?.bodenrichtwerte as { code: string }[];
    expect(entries.map((entry) => entry.code)).toEqual(['W', 'M']);
    expect(texts(result)[0]).not.toContain('Acker');
  });

  it.each([
    [{}, 'missing_address'],
    [{ address: '   ' }, 'missing_address'],
    [{ address: 'x'.repeat(301) }, 'address_too_long'],
    [{ address: DEMO_ADDRESSES.hannover, nutzungsart: ['LF'] }, 'invalid_nutzungsart'],
    [{ address: DEMO_ADDRESSES.hannover, nutzungsart: ['W,M'] }, 'invalid_nutzungsart'],
    [{ address: DEMO_ADDRESSES.hannover, stichtag: '2026-02-29' }, 'invalid_stichtag'],
    [{ address: DEMO_ADDRESSES.hannover, stichtag: '2999-01-01' }, 'invalid_stichtag'],
  ])('rejects %j with %s and counts nothing', async (args, code) => {
    const before = await usage();
    expectToolError(await lookup(args), code, 400);
    expect(await usage()).toBe(before);
  });

  it.each([
    [{ W: true }, 'ein Objekt'],
    [[{ code: 'W' }], 'ein Objekt'],
    [[['W']], 'eine Liste'],
  ])(
    'refuses the nutzungsart %j with a message that says what it got',
    async (nutzungsart, got) => {
      const result = await lookup({ address: DEMO_ADDRESSES.hannover, nutzungsart });
      expectToolError(result, 'invalid_nutzungsart', 400);
      const message = String(result.structuredContent?.message);
      expect(message).not.toContain('[object Object]');
      expect(message).toContain(`nicht ${got}`);
    },
  );

  it('refuses an address that is no text as missing, without looking up "[object Object]"', async () => {
    const calls = h.nominatim.calls;
    const result = await lookup({ address: { street: 'Georgstraße 10' } });
    expectToolError(result, 'missing_address', 400);
    expect(String(result.structuredContent?.message)).not.toContain('[object Object]');
    expect(h.nominatim.calls).toBe(calls);
  });

  it.each([[30159], [10], [true], [[30159]]])(
    'refuses the address %j that is no text, without geocoding or counting it',
    async (address) => {
      const [calls, before] = [h.nominatim.calls, await usage()];
      const result = await lookup({ address });
      expectToolError(result, 'missing_address', 400);
      expect(String(result.structuredContent?.message)).toContain('als Text');
      expect(h.nominatim.calls).toBe(calls);
      expect(await usage()).toBe(before);
    },
  );

  it.each([
    [DEMO_ADDRESSES.unknown, 'address_not_found', 404],
    [DEMO_ADDRESSES.kiel, 'restricted_state', 451],
  ])(
    'answers %s with the tool error %s and gives the count back',
    async (address, code, status) => {
      const before = await usage();
      expectToolError(await lookup({ address }), code, status);
      expect(await usage()).toBe(before);
    },
  );

  it('counts against the account of any token kind (OAuth access tokens)', async () => {
    const other = await createTestAccount(h.server.ctx, { plan: 'enterprise' });
    const { token: oauthToken } = await clientCredentialsToken(h.server, other.user.id);
    const oauthClient = await connectMcp(h.server.url, oauthToken);
    try {
      expect((await lookup({ address: DEMO_ADDRESSES.bremen }, oauthClient)).isError).toBeFalsy();
    } finally {
      await oauthClient.close();
    }
    expect(await usage(other.user.id)).toBe(1);
  });
});

describe('an exhausted quota', () => {
  it('makes get_bodenrichtwert a 402 limit_reached tool error while calculate_bodenwert still works', async () => {
    const { token, user } = await createTestAccount(h.server.ctx, { plan: 'free' });
    await Promise.all(Array.from({ length: 100 }, () => h.server.ctx.quota.reserve(user.id)));
    const exhausted = await connectMcp(h.server.url, token);
    try {
      const result = await lookup({ address: DEMO_ADDRESSES.hannover }, exhausted);
      expectToolError(result, 'limit_reached', 402);
      expect(result.structuredContent).toMatchObject({
        reason: 'trial_exhausted',
        upgrade_url: h.server.ctx.config.billingUrl,
      });
      expect(texts(result)[0]).toContain(`upgrade_url: ${h.server.ctx.config.billingUrl}`);
      expect(await usage(user.id)).toBe(100);

      const calculation = await callTool(exhausted, 'calculate_bodenwert', {
        brw: 200,
        gfz_referenz: 1,
        gfz_tatsaechlich: 1,
      });
      expect(calculation.isError).toBeFalsy();
      expect(calculation.structuredContent).toMatchObject({
        bodenrichtwert_tatsaechlich_euro_pro_m2: 200,
      });
    } finally {
      await exhausted.close();
    }
  });
});
