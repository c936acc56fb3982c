// get_immobilienrichtwert through the SDK client: the REST answer as
// structured content, a German summary with the credit and the disclaimer,
// counted once like the REST route, and the same error codes in German.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { IRW_DISCLAIMER } from '#shared/immobilienrichtwert.js';
import { manualClock } from '../../support/clock.js';
import { IRW_DOCUMENT, importIrwSet } from '../../support/irwSet.js';
import {
  lookupQuery,
  startLookupHarness,
  type LookupHarness,
} from '../../support/lookupHarness.js';
import { callTool, connectMcp, texts } from './mcpClient.js';

const clock = manualClock('2026-11-22T10:00:00Z');
let h: LookupHarness;
let client: Client;
beforeAll(async () => {
  h = await startLookupHarness({ clock });
  await importIrwSet(h, clock);
  client = await connectMcp(h.server.url, h.account.token);
});
afterAll(async () => {
  await client.close();
  await h.close();
});

const usage = async () =>
  (await h.server.ctx.profiles.getProfile(h.account.user.id))?.usage_this_month ?? -1;
const irw = (args: Record<string, unknown>) => callTool(client, 'get_immobilienrichtwert', args);

describe('get_immobilienrichtwert', () => {
  it('describes its input from the request schema: the address required', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'get_immobilienrichtwert');
    expect(tool?.description).toContain('Nordrhein-Westfalen');
    expect(tool?.inputSchema.required).toEqual(['address']);
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual([
      'address',
      'teilmarkt',
      'stichtag',
    ]);
  });

  it('answers the REST answer as structured content and a German summary, counted once', async () => {
    const before = await usage();
    const result = await irw({ address: DEMO_ADDRESSES.muenster });
    expect(result.isError).toBeFalsy();
    const rest = (await (
      await fetch(
        `${h.server.url}/api/immobilienrichtwert?${lookupQuery({ address: DEMO_ADDRESSES.muenster })}`,
        { headers: { Authorization: `Bearer ${h.account.token}` } },
      )
    ).json()) as object;
    expect(result.structuredContent).toEqual(rest);
    const [summary = ''] = texts(result);
    expect(summary).toContain(
      'Ein- und Zweifamilienhäuser: 2.850 €/m² Wohnfläche, Stichtag 2026-01-01',
    );
    expect(summary).toContain('Baujahr 1975, Wohnfläche 140 m², Grundstück 500–700 m²');
    expect(summary).toContain('Eigentumswohnungen: 3.410,5 €/m² Wohnfläche');
    expect(summary).toContain(IRW_DOCUMENT);
    expect(summary).toContain('§ 10 ImmoWertV');
    expect(summary).toContain('Datenlizenz Deutschland – Zero – Version 2.0');
    expect(summary).toContain(IRW_DISCLAIMER);
    expect(await usage()).toBe(before + 1);
  });

  it.each([
    [{}, 'missing_address', 400],
    [{ address: DEMO_ADDRESSES.muenster, teilmarkt: 'Villen' }, 'invalid_teilmarkt', 400],
    [{ address: DEMO_ADDRESSES.hannover }, 'restricted_state', 451],
  ])('answers %j with the tool error %s (%d)', async (args, code, status) => {
    const result = await irw(args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: code, status });
    expect(texts(result)[0]).toContain(`Fehler ${code} (${status})`);
  });
});
