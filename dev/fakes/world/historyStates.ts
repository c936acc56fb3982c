// The past the fakes keep for dated lookups: Niedersachsen's and Bremen's
// services per data year (boris_<year>_wfs: the records of that year's
// stichtag only; Niedersachsen's before 2022 as of 31 December) and NRW's time-enabled WMS (layers named by use, features
// with the long field names the time service answers, one set per TIME).
import { HB_ZONES, NI_ZONES } from '../demoWorld.js';
import type { FakeZone } from '../brmGml.js';
import type { JsonZone } from '../wfsGeojsonFake.js';
import { NW_LAYERS, NW_TITLES } from './mapStates.js';

/** A yearly service holds only the records of its year's stichtag. */
function zonesOfYear(zones: readonly FakeZone[], year: number): FakeZone[] {
  return zones
    .map((zone) => ({
      ...zone,
      records: zone.records.filter((r) => r.stichtag?.startsWith(`${year}-`)),
    }))
    .filter((zone) => zone.records.length > 0);
}

/**
 * Before 2022 Niedersachsen, Bremen, Brandenburg and Thüringen published as
 * of 31 December, then 1 January (alfeld.de: "seit dem Jahr 2022 zum 01.01.
 * … In vorausgegangenen Jahren war es zeitweise auch der 31.12."); the LGLN
 * year services carry it as `stichtag "2019-12-31Z"` (JB1991/boris
 * power/src/app/bodenrichtwert/test.json). A year's service holds the zones
 * of 2024 as they stood at that year's end, the value scaled.
 */
function zonesAtYearEnd(zones: readonly FakeZone[], year: number, factor: number): FakeZone[] {
  return zonesOfYear(zones, 2024).map((zone) => ({
    ...zone,
    records: zone.records.map((record) => ({
      ...record,
      id: `${record.id}_${year}1231`,
      stichtag: `${year}-12-31Z`,
      bodenrichtwert: String(Math.round(Number(record.bodenrichtwert) * factor)),
    })),
  }));
}

export const NI_YEAR_ZONES: Readonly<Record<number, FakeZone[]>> = {
  2019: zonesAtYearEnd(NI_ZONES, 2019, 0.7),
  2020: zonesAtYearEnd(NI_ZONES, 2020, 0.8),
  2021: zonesAtYearEnd(NI_ZONES, 2021, 0.9),
  2024: zonesOfYear(NI_ZONES, 2024),
  2026: zonesOfYear(NI_ZONES, 2026),
};

export const HB_YEAR_ZONES: Readonly<Record<number, FakeZone[]>> = {
  2024: zonesOfYear(HB_ZONES, 2024),
  2026: zonesOfYear(HB_ZONES, 2026),
};

/** Short VBORIS names → the long names of the time-enabled service. */
const LONG_NAMES: Readonly<Record<string, string>> = {
  BRW: 'Bodenrichtwert',
  NUTA: 'Nutzungsart',
  GENA: 'Gemeinde',
  GABE: 'Gutachterausschuss',
  WNUM: 'Bodenrichtwertnummer',
  ENTW: 'Entwicklungszustand',
  ORTST: 'Ortsteil',
  GEZ: 'Geschosszahl',
  GFZ: 'Geschossflächenzahl',
};

/** The NRW zones as they stood on a past stichtag: long names, the value scaled. */
function nrwThen(year: number, factor: number): Record<string, readonly JsonZone[]> {
  return Object.fromEntries(
    Object.entries(NW_LAYERS).map(([id, zones]) => [
      NW_TITLES[id] ?? id,
      zones.map((zone) => ({
        rings: zone.rings,
        properties: Object.fromEntries(
          Object.entries(zone.properties)
            .filter(([key]) => key !== 'STAG' && key !== 'BRWZNR')
            .map(([key, value]) => [
              LONG_NAMES[key] ?? key,
              key === 'BRW' ? scaled(String(value), factor) : value,
            ]),
        ),
      })),
    ]),
  );
}

function scaled(text: string, factor: number): string {
  const value = Number(text.replace(',', '.')) * factor;
  return String(Math.round(value * 100) / 100).replace('.', ',');
}

/** TIME value → layers; the service holds 2022 and 2024 here. */
export const NW_TIMES = {
  '2022-01-01': nrwThen(2022, 0.8),
  '2024-01-01': nrwThen(2024, 0.9),
};

/** The time service's layers are named by use (no numbers, no titles of their own). */
export const NW_TIME_LAYERS: Readonly<Record<string, readonly JsonZone[]>> = Object.fromEntries(
  Object.values(NW_TITLES).map((title) => [title, []]),
);
