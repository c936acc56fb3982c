// An address corpus as the tests and the corpus runner share it: official
// points written into each state's house-coordinate file in the layout the
// state publishes, land-value zones covering all of Germany (only the
// location is under test), and the judgement of one answer against what the
// corpus expects.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NRW_IMPORTED_SOURCE } from './fakeRegistry.js';
import { gebrefLine, hkDeFile, type SamplePoint } from './houseCoordinateFiles.js';

export interface CorpusPoint extends Omit<SamplePoint, 'stateKey' | 'stateName' | 'crs'> {
  id: string;
  state: 'NW' | 'HE' | 'BE' | 'BB' | 'ST';
  /** The postcode of the point, also where its state's file does not carry it. */
  truePostcode: string;
}

/** The official point named, the geocoder (never an official point: `fallback`), or 451. */
export type Expected = { point: string } | 'fallback' | 451;

export interface CorpusCase {
  input: string;
  expected: Expected;
  kind: string;
}

export const STATE_KEYS: Record<CorpusPoint['state'], { key: string; name: string }> = {
  NW: { key: '05', name: 'Nordrhein-Westfalen' },
  HE: { key: '06', name: 'Hessen' },
  BE: { key: '11', name: 'Berlin' },
  BB: { key: '12', name: 'Brandenburg' },
  ST: { key: '15', name: 'Sachsen-Anhalt' },
};

export const CORPUS_STATES = Object.keys(STATE_KEYS) as CorpusPoint['state'][];

function sample(p: CorpusPoint): SamplePoint {
  const { key, name } = STATE_KEYS[p.state];
  const { id: _id, state, truePostcode: _true, ...rest } = p;
  return {
    ...rest,
    stateKey: key,
    stateName: name,
    crs: state === 'BE' || state === 'BB' ? 'EPSG:25833' : 'EPSG:25832',
    ...(p.postcode === undefined ? {} : { postalPlace: p.municipality }),
  };
}

/** Each state's file in the layout the state publishes. */
export function houseFile(state: CorpusPoint['state'], points: readonly CorpusPoint[]): string {
  const samples = points.map(sample);
  if (state === 'NW')
    return `${samples.map((s, i) => gebrefLine({ ...s, locality: '' }, i + 1)).join('\n')}\n`;
  if (state === 'ST') {
    return `${samples
      .map((s, i) =>
        gebrefLine({ ...s, locality: '' }, i + 1)
          .split(';')
          .slice(0, 20)
          .join(';'),
      )
      .join('\n')}\n`;
  }
  return hkDeFile(samples);
}

/** Land-value zones covering all of Germany for every imported state; returns the registry file. */
export async function germanyWideSources(dir: string): Promise<string> {
  const zone = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {
          BRW: '100,00',
          STAG: '2026-01-01',
          NUTA: 'W',
          BRWZNR: '1',
          GENA: 'Überall',
          GABE: 'Gutachterausschuss',
          ENTW: 'B',
        },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [5, 47],
              [16, 47],
              [16, 56],
              [5, 56],
              [5, 47],
            ],
          ],
        },
      },
    ],
  };
  await writeFile(join(dir, 'germany.geojson'), JSON.stringify(zone));
  const states = ['NW', 'HE', 'BE', 'BB', 'ST', 'NI', 'RP', 'TH', 'HH', 'HB', 'MV', 'BW', 'SL'];
  const sources = states.map((state) => ({
    ...NRW_IMPORTED_SOURCE,
    state: `DE-${state}`,
    name: state,
    options: { file: 'germany.geojson' },
  }));
  const file = join(dir, 'brw-sources.germany.json');
  await writeFile(file, JSON.stringify({ sources }));
  return file;
}

export type Outcome = 'right' | 'fallback' | 'wrong';

export interface Answer {
  status: number;
  geocoding?: { source: string; match: string; warnings?: string[] };
  coordinates?: { lat: number; lon: number };
}

/**
 * right: the expected official point; fallback: the geocoder was left to
 * decide, or the service refused; wrong: another official point, or an
 * official point (any answer for 451) where none may answer.
 */
export function judge(expected: Expected, answer: Answer, points: readonly CorpusPoint[]): Outcome {
  const official = answer.status === 200 && answer.geocoding?.source === 'hauskoordinaten';
  if (expected === 451)
    return answer.status === 451 ? 'fallback' : answer.status === 200 ? 'wrong' : 'fallback';
  if (!official) return 'fallback';
  if (expected === 'fallback') return 'wrong';
  const point = points.find((p) => p.id === expected.point);
  const at = answer.coordinates;
  const same =
    point && at && Math.abs(point.lat - at.lat) < 1e-5 && Math.abs(point.lon - at.lon) < 1e-5;
  return same ? 'right' : 'wrong';
}
