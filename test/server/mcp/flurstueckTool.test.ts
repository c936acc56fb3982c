// get_flurstueck through the SDK client: the REST answer, the same error
// codes (one of them only a tool call can provoke) and the same quota rules.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { PARCEL_DISCLAIMER } from '#shared/texts.js';
import { SPLIT_KENNZEICHEN } from '../../support/parcelAnswers.js';
import { OUTAGE_KENNZEICHEN, startParcelApi, type ParcelApi } from '../../support/parcelApi.js';
import { callTool, connectMcp, texts } from './mcpClient.js';

let api: ParcelApi;
let client: Client;
beforeAll(async () => {
  api = await startParcelApi();
  client = await connectMcp(api.h.server.url, api.h.account.token);
});
afterAll(async () => {
  await client.close();
  await api.close();
});

const parcel = (args: Record<string, unknown>) => callTool(client, 'get_flurstueck', args);

describe('get_flurstueck', () => {
  it('describes its input from the request schema: address or kennzeichen, none required', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'get_flurstueck');
    expect(tool?.inputSchema.required ?? []).toEqual([]);
    expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual([
      'address',
      'kennzeichen',
      'nutzungsart',
      'gfz',
      'stichtag',
    ]);
  });

  it('answers the REST answer as structured content and a German summary, counted once', async () => {
    const before = await api.usage();
    const result = await parcel({ kennzeichen: SPLIT_KENNZEICHEN, gfz: '1,2' });
    expect(result.isError).toBeFalsy();
    const rest = (await (await api.get({ kennzeichen: SPLIT_KENNZEICHEN })).json()) as object;
    expect(result.structuredContent).toEqual(rest);
    const [summary = ''] = texts(result);
    expect(summary).toContain(`Flurstück ${SPLIT_KENNZEICHEN}`);
    expect(summary).toContain('amtliche Fläche 1.000 m²');
    expect(summary).toContain('W Wohnbaufläche: 420.000 €');
    expect(summary).toContain(PARCEL_DISCLAIMER);
    expect(api.valuation.queries.at(-2)?.gfz).toBe(1.2);
    expect(await api.usage()).toBe(before + 1);
  });

  it.each([
    [{}, 'missing_parameter', 400],
    [
      { address: DEMO_ADDRESSES.hannover, kennzeichen: SPLIT_KENNZEICHEN },
      'conflicting_parameters',
      400,
    ],
    // Only a tool call can send an address that is not text.
    [{ address: { street: 'Georgstraße' } }, 'missing_address', 400],
    [{ address: 30159 }, 'missing_address', 400],
    [{ kennzeichen: 12345 }, 'invalid_kennzeichen', 400],
    [{ kennzeichen: SPLIT_KENNZEICHEN, gfz: 'viel' }, 'invalid_gfz_tatsaechlich', 400],
    [{ kennzeichen: '03065100100777______' }, 'parcel_not_found', 404],
    [{ kennzeichen: OUTAGE_KENNZEICHEN }, 'service_error', 503],
  ])('answers %j with the tool error %s (%d)', async (args, code, status) => {
    const result = await parcel(args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: code, status });
    expect(texts(result)[0]).toContain(`Fehler ${code} (${status})`);
  });
});
