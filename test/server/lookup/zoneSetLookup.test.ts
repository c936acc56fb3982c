// When the zone set answers and when the live route does: the set answers the
// days its stichtage cover unless the state's service offers a newer stichtag
// by then (read by the currency watch), and a point outside every zone of a
// covering set is no data, not a live request.
import { describe, expect, it } from 'vitest';
import { fromZoneSet } from '#server/lookup/zoneSetLookup.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import type { ZoneSetAnswers } from '#server/zoneSets/zoneSetAnswers.js';
import type { ZoneSetRow } from '#server/zoneSets/zoneSetRepository.js';

const SET: ZoneSetRow = {
  id: 1,
  state: 'DE-NW',
  dataset: 'brw',
  year: 2025,
  status: 'active',
  name: 'Bodenrichtwerte NRW',
  credit: 'Land NRW / GeoBasis NRW',
  license: 'dl-de/zero-2-0',
  crs: 'EPSG:25832',
  numberFormat: 'de',
  download: { url: 'https://www.opengeodata.nrw.de/BRW_2025_EPSG25832_Shape.zip' },
  counts: { '2025-01-01': { imported: 1, leftOut: {} } },
  newestStichtag: '2025-01-01',
  startedAt: new Date('2025-04-01T00:00:00Z'),
  importedAt: new Date('2025-04-01T00:01:00Z'),
};

const SOURCE = {
  state: 'DE-NW',
  name: 'Nordrhein-Westfalen',
  owners: ['live owner'],
  license: 'dl-de/zero-2-0',
  sourceUrl: 'https://www.wms.nrw.de/boris/wms_nw_brw',
} as unknown as ConfiguredSource;

function answers(records: Record<string, string>[]): ZoneSetAnswers {
  return {
    setFor: (_state, asOf) => Promise.resolve(asOf >= '2025-01-01' ? SET : undefined),
    recordsAt: () => Promise.resolve(records),
    zonesIn: () => Promise.resolve([]),
  };
}

const PLACE = { lat: 51.96, lon: 7.63, displayName: 'Münster', municipality: 'Münster' } as never;
const ZONE = { brw: '320,5', stichtag: '01.01.2025', nutzung: 'W' };

function ask(asOf: string, offered?: string, records = [ZONE]) {
  return fromZoneSet(PLACE, SOURCE, asOf, {
    zoneSets: answers(records),
    offers: {
      of: () =>
        offered ? { stichtag: offered, readAt: new Date('2026-02-01T00:00:00Z') } : undefined,
    },
    today: '2026-11-22',
    contextOf: (numberFormat) => ({
      fallbackGemeinde: 'Münster',
      today: asOf,
      numberFormat,
      onSkipped: () => undefined,
      onUnreadable: () => undefined,
    }),
  });
}

describe('the zone set or the live route', () => {
  it('answers from the set, with its owner, licence and download in the attribution', async () => {
    const answer = await ask('2026-11-22', '2025-01-01');
    expect(answer).toMatchObject({
      entries: [{ brw_euro_pro_m2: 320.5, stichtag: '2025-01-01', gemeinde: 'Münster' }],
      source: { owners: ['Land NRW / GeoBasis NRW'], sourceUrl: SET.download?.url },
      zoneSet: { name: 'Bodenrichtwerte NRW', stichtag: '2025-01-01' },
      cacheHit: false,
    });
  });

  it('leaves the day to the live route when the service offers a newer stichtag by then', async () => {
    expect(await ask('2026-11-22', '2026-01-01')).toBeUndefined();
    // A dated lookup before the newer stichtag is still the set's.
    expect(await ask('2025-06-30', '2026-01-01')).toMatchObject({
      zoneSet: { stichtag: '2025-01-01' },
    });
  });

  it('leaves a day before the set to the live route, and a point outside its zones is no data', async () => {
    expect(await ask('2024-12-31')).toBeUndefined();
    expect(await ask('2026-11-22', undefined, [])).toBe('none');
  });
});
