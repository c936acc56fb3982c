// get_bodenrichtwert_batch through the SDK client against the loopback fakes:
// the REST batch answer, per-address errors as items, the same quota rules
// (free repetition, 402 items once the cap is reached).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { MAX_ADDRESS_LENGTH, MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import { LOOKUP_DISCLAIMER } from '#shared/texts.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { hannoverAddresses } from '../../support/manyAddresses.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { callTool, connectMcp, texts } from './mcpClient.js';

const many = hannoverAddresses(8);
let h: LookupHarness;
let client: Client;
beforeAll(async () => {
  h = await startLookupHarness({ places: many.places });
  client = await connectMcp(h.server.url, h.account.token);
});
afterAll(async () => {
  await client.close();
  await h.close();
});

const batch = (args: Record<string, unknown>, via: Client = client) =>
  callTool(via, 'get_bodenrichtwert_batch', args);

/** The account's profile once the records written behind the answers are in. */
async function profile(accountId: string = h.account.user.id) {
  await h.server.ctx.idle();
  return h.server.ctx.profiles.getProfile(accountId);
}

describe('get_bodenrichtwert_batch', () => {
  it(`takes ${MAX_BATCH_ADDRESSES} addresses of the longest allowed length, as the REST batch does`, async () => {
    const addresses = Array.from({ length: MAX_BATCH_ADDRESSES }, (_, i) =>
      `${i} Lange Straße in Süd-Öhringen `.repeat(12).slice(0, MAX_ADDRESS_LENGTH),
    );
    expect(new TextEncoder().encode(JSON.stringify(addresses)).length).toBeGreaterThan(16 * 1024);
    const rest = await h.batch({ addresses });
    expect(rest.status).toBe(200);
    const result = await batch({ addresses });
    expect(result.isError).toBeFalsy();
    const { results } = result.structuredContent as { results: { address_input: string }[] };
    expect(results.map((item) => item.address_input)).toEqual(addresses);
  });

  it('describes its input with the batch limit', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'get_bodenrichtwert_batch');
    expect(tool?.description).toContain(`bis zu ${MAX_BATCH_ADDRESSES} Adressen`);
    expect(tool?.inputSchema.required).toEqual(['addresses']);
    expect(tool?.inputSchema.properties).toMatchObject({
      addresses: { type: 'array', maxItems: MAX_BATCH_ADDRESSES },
    });
  });

  it('answers what the REST batch answers, in input order, with one line per address', async () => {
    const addresses = [DEMO_ADDRESSES.bremen, DEMO_ADDRESSES.kiel, DEMO_ADDRESSES.wiesbaden];
    const result = await batch({ addresses, nutzungsart: ['W'] });
    expect(result.isError).toBeFalsy();
    const rest = await h.batch({ addresses, nutzungsart: ['W'] });
    const restBody = (await rest.json()) as { results: Record<string, unknown>[] };
    // The REST call comes second: it reads what the tool call put in the cache.
    const asFirst = restBody.results.map((item) =>
      item.status === 200 ? { ...item, cache_hit: false } : item,
    );
    expect(result.structuredContent).toEqual({ results: asFirst });
    const [summary] = texts(result);
    expect(summary).toMatch(/^1\. Obernstraße 20, 28195 Bremen: W /);
    expect(summary).toContain('2. Holstenstraße 1, 24103 Kiel: Fehler restricted_state');
    expect(summary).toMatch(/\n3\. Wilhelmstraße 20, 65183 Wiesbaden: W 1\.100 €\/m²/);
    expect(summary).toContain('Quelle: © Landesamt GeoInformation Bremen, GDI-NI');
    expect(summary).toContain('Quelle: © Hessische Verwaltung');
    expect(summary).toContain(`Hinweis: ${LOOKUP_DISCLAIMER}`);
  });

  it('rejects bad input with the REST codes and counts nothing', async () => {
    const before = await profile();
    for (const [args, code] of [
      [{ addresses: [] }, 'missing_address'],
      [{ addresses: 'Georgstraße 10' }, 'invalid_body'],
      [{ addresses: Array.from({ length: 101 }, () => 'x') }, 'too_many_addresses'],
      [{ addresses: [DEMO_ADDRESSES.hannover], nutzungsart: ['LF'] }, 'invalid_nutzungsart'],
    ] as const) {
      const result = await batch(args);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ error: code, status: 400 });
    }
    expect(await profile()).toEqual(before);
  });

  it('counts new addresses once, repetitions not, and gives 402 items once the cap is reached', async () => {
    const { token, user } = await createTestAccount(h.server.ctx, { plan: 'starter' });
    await h.server.ctx.accounts.setTrialExpiry(user.id, null);
    for (let i = 0; i < 47; i += 1) await h.server.ctx.quota.reserve(user.id);
    const starter = await connectMcp(h.server.url, token);
    try {
      const first = await batch({ addresses: many.addresses.slice(0, 2) }, starter);
      const again = await batch({ addresses: many.addresses.slice(0, 5) }, starter);
      const statuses = (r: typeof first) =>
        (r.structuredContent as { results: { status: number }[] }).results.map((i) => i.status);
      expect(statuses(first)).toEqual([200, 200]);
      expect(statuses(again)).toEqual([200, 200, 200, 402, 402]);
      expect(texts(again)[0]).toContain('Fehler limit_reached');
      expect(await profile(user.id)).toMatchObject({
        usage_this_month: 50,
        distinct_lookups_this_month: 3,
        quota_exhausted: true,
      });
    } finally {
      await starter.close();
    }
  });
});
