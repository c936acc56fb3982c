// The past the fakes keep for dated lookups: Niedersachsen's and Bremen's
// services per data year (boris_<year>_wfs: the records of that year's
// stichtag only) and NRW's time-enabled WMS (layers named by use, features
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

export const NI_YEAR_ZONES: Readonly<Record<number, FakeZone[]>> = {
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
