// When the zone set answers and when the live route does: the set answers the
// days its stichtage cover unless the state's service offers a newer stichtag
// by then (read by the currency watch), and a point outside every zone of a
// covering set is no data, not a live request.
import { describe, expect, it } from 'vitest';
import { fromZoneSet, mappedZones, type ZoneSetAnswer } from '#server/lookup/zoneSetLookup.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import type { ZoneSetAnswers } from '#server/zoneSets/zoneSetAnswers.js';
import type { ZoneSetRow } from '#server/zoneSets/zoneSetRepository.js';
import type { DayAsked } from '#server/sources/sourceService.js';
import type { NumberFormat } from '#server/sources/numberFormat.js';
import type { GeocodedPlace } from '#server/geocoding/geocoder/geocoder.js';

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

function answers(records: Record<string, string>[], zones = 'set 1#1'): ZoneSetAnswers {
  return {
    setFor: (_state, asOf) => Promise.resolve(asOf >= '2025-01-01' ? SET : undefined),
    recordsAt: () => Promise.resolve(records),
    heldAt: () => Promise.resolve({ zones, records }),
    zonesIn: () => Promise.resolve([]),
  };
}

/** The mapping context as the source service makes it; counts how often it is asked. */
function mappingContexts() {
  const asked: DayAsked[] = [];
  return {
    asked,
    mappingContext: (_state: string, numberFormat: NumberFormat, day: DayAsked) => {
      asked.push(day);
      return {
        fallbackGemeinde: day.fallbackGemeinde,
        today: day.asOf,
        numberFormat,
        onSkipped: () => undefined,
        onUnreadable: () => undefined,
      };
    },
  };
}

const PLACE = {
  lat: 51.96,
  lon: 7.63,
  displayName: 'Münster',
  municipality: 'Münster',
} as unknown as GeocodedPlace;
const ZONE = { brw: '320,5', stichtag: '01.01.2025', nutzung: 'W' };

function ask(asOf: string, offered?: string, records = [ZONE]) {
  return fromZoneSet(PLACE, SOURCE, asOf, {
    zoneSets: answers(records),
    offers: {
      of: () =>
        offered ? { stichtag: offered, readAt: new Date('2026-02-01T00:00:00Z') } : undefined,
    },
    today: '2026-11-22',
    sources: mappingContexts(),
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

describe('the zones at a point, mapped once', () => {
  const NO_GEMEINDE = { brw: '210', stichtag: '01.01.2025', nutzung: 'W' };
  const offers = { of: () => undefined };

  function asker(records = [NO_GEMEINDE]) {
    const contexts = mappingContexts();
    const mapped = mappedZones();
    const lookup = async (
      place: { municipality: string },
      asOf = '2026-11-22',
      zones = 'set 1#1',
      source = SOURCE,
    ) =>
      (await fromZoneSet({ ...PLACE, ...place }, source, asOf, {
        zoneSets: answers(records, zones),
        offers,
        today: '2026-11-22',
        sources: contexts,
        mapped,
      })) as ZoneSetAnswer;
    return { lookup, asked: contexts.asked };
  }

  it('answers the same zones, day and municipality with the same entries and credit, mapped once', async () => {
    const { lookup, asked } = asker();
    const first = await lookup({ municipality: 'Münster' });
    const second = await lookup({ municipality: 'Münster' });
    expect(second.entries).toBe(first.entries);
    expect(second.source).toBe(first.source);
    expect(asked).toHaveLength(1);
    expect(second.entries).toEqual([
      expect.objectContaining({ brw_euro_pro_m2: 210, gemeinde: 'Münster' }),
    ]);
  });

  it('maps again for another municipality, day, set of zones or registry entry', async () => {
    const { lookup, asked } = asker();
    const first = await lookup({ municipality: 'Münster' });
    // The record names no Gemeinde: the geocoder's municipality is the answer's.
    const other = await lookup({ municipality: 'Greven' });
    expect(other.entries[0]?.gemeinde).toBe('Greven');
    expect(first.entries[0]?.gemeinde).toBe('Münster');
    // An earlier day: a stichtag after it is not in force.
    expect(await lookup({ municipality: 'Münster' }, '2024-12-31')).toBeUndefined();
    await lookup({ municipality: 'Münster' }, '2025-06-30');
    await lookup({ municipality: 'Münster' }, '2026-11-22', 'set 1#1,2');
    const reloaded = { ...SOURCE, owners: ['reloaded'] } as ConfiguredSource;
    const again = await lookup({ municipality: 'Münster' }, '2026-11-22', 'set 1#1', reloaded);
    expect(again.source).not.toBe(first.source);
    expect(asked.map((day) => `${day.asOf} ${day.fallbackGemeinde}`)).toEqual([
      '2026-11-22 Münster',
      '2026-11-22 Greven',
      '2025-06-30 Münster',
      '2026-11-22 Münster',
      '2026-11-22 Münster',
    ]);
  });
});
