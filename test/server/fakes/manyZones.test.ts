// The state-service stand-in's address in 60 zones (dev/fakes/manyZones.ts),
// through the real service: every zone is answered, and its zone table is
// larger than one Apps Script document property (9 KB), which is what the
// bench's `hosts: sheets answer with 60 zones` needs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MANY_ZONES_ADDRESS, MANY_ZONES_COUNT, MANY_ZONES_PLACES } from '#dev/fakes/manyZones.js';
import { zoneTable } from '#shared/index.js';
import { entriesAt, startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';

let h: LookupHarness;
beforeAll(async () => {
  h = await startLookupHarness({
    places: Object.fromEntries(
      Object.entries(MANY_ZONES_PLACES).map(([address, places]) => [address, [...places]]),
    ),
  });
});
afterAll(() => h.close());

it('answers all 60 zones at the address, a zone table over 9 KB', async () => {
  const entries = await entriesAt(h, MANY_ZONES_ADDRESS);
  expect(entries).toHaveLength(MANY_ZONES_COUNT);
  expect(entries.map((entry) => entry.brw_euro_pro_m2).sort((a, b) => a - b)).toEqual(
    Array.from({ length: MANY_ZONES_COUNT }, (_, i) => 301 + i),
  );
  expect(entries[0]).toMatchObject({
    gemeinde: 'Lüneburg',
    verfahrensgrund: 'Sanierungsgebiet',
    bauweise: 'geschlossene Bauweise',
  });
  expect(Buffer.byteLength(JSON.stringify(zoneTable(entries)), 'utf8')).toBeGreaterThan(9 * 1024);
});
