// The text get_bodenrichtwert answers beside its structured content, for the
// facts a valuer reads in it: soil numbers published as a range ("Ackerzahl 65
// bis 70", never one number), and the Verfahrensgrund-Zusatz with its meaning
// (Anfangs- or Endwert), also where a zone publishes the Zusatz alone. Read
// from a Niedersachsen stand-in (BRM 2 elements, see procedureFacts.test.ts)
// through the SDK client and the real lookup; the values are made up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANNOVER, square } from '#dev/fakes/demoWorld.js';
import { LGLN_PROFILE } from '#dev/fakes/profiles.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';
import { manualClock } from '../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { callTool, connectMcp, texts } from './mcpClient.js';

const ADDRESS = 'Georgstraße 10, 30159 Hannover';
const common = {
  stichtag: '2026-01-01',
  gemeindeName: 'Hannover',
} as const;

let ni: WfsFake;
let dir: string;
let h: LookupHarness;
let client: Client;

beforeAll(async () => {
  ni = await startWfsFake({
    '/ni': {
      profile: LGLN_PROFILE,
      zones: [
        {
          rings: [square(HANNOVER.lat, HANNOVER.lon, 0.002)],
          records: [
            {
              ...common,
              id: 'DENI_LF_RANGE',
              bodenrichtwert: '3.5',
              art: 'A',
              bodenrichtwertNummer: '04309101',
              entwicklungszustand: 'LF',
              ackerzahl: '65-70',
              gruenlandzahl: '40',
            },
            {
              ...common,
              id: 'DENI_SAN_END',
              bodenrichtwert: '700.0',
              art: 'MI',
              bodenrichtwertNummer: '04302101',
              verfahrensart: 'San',
              entwicklungsSanierungszusatz: 'SB',
            },
            {
              ...common,
              id: 'DENI_ZUSATZ_ALONE',
              bodenrichtwert: '450.0',
              art: 'WA',
              bodenrichtwertNummer: '04302102',
              entwicklungsSanierungszusatz: 'EU',
            },
          ],
        },
      ],
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'brw-mcp-text-'));
  const registryFile = await writeStateRegistry(dir, { urls: { 'DE-NI': `${ni.url}/ni` } });
  h = await startLookupHarness({
    clock: manualClock(),
    env: { BRW_SOURCES_FILE: registryFile },
    places: { [ADDRESS]: [HANNOVER] },
  });
  client = await connectMcp(h.server.url, h.account.token);
});
afterAll(async () => {
  await client.close();
  await h.close();
  await ni.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The answer line of the zone with the given number. */
async function lineOf(number: string): Promise<string | undefined> {
  const result = await callTool(client, 'get_bodenrichtwert', { address: ADDRESS });
  expect(result.isError).toBeFalsy();
  return texts(result)[0]
    ?.split('\n')
    .find((line) => line.includes(`Nr. ${number}`));
}

describe('the text of get_bodenrichtwert', () => {
  it('names a published range of soil numbers as a range, a single one as it is', async () => {
    const line = await lineOf('04309101');
    expect(line).toContain(', Ackerzahl 65 bis 70, Grünlandzahl 40)');
  });

  it('names the Verfahrensgrund and the Zusatz with its meaning (Endwert)', async () => {
    const line = await lineOf('04302101');
    expect(line).toContain(', Sanierungsgebiet, sanierungsbeeinflusst (Endwert))');
  });

  it('names a Zusatz published without a Verfahrensgrund (Anfangswert)', async () => {
    const line = await lineOf('04302102');
    // Straight after the number: no Verfahrensgrund is made up in front of it.
    expect(line).toContain('Nr. 04302102, entwicklungsunbeeinflusst (Anfangswert))');
  });
});
