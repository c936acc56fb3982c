// Which states have an active import is read once a minute: an address in a
// state without one costs no point query, and a new import shows within the
// minute. The repository here answers no points; what counts is what it is asked.
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATES_MS,
  createOfficialPoints,
  type PointReads,
} from '#server/geocoding/officialPoints/officialPoints.js';
import { loadAddressSources } from '#server/geocoding/officialPoints/addressSources.js';
import { loadPostcodeDirectory } from '#server/geocoding/postcodes/postcodeFile.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';

const WIESBADEN = typedAddress('Wilhelmstraße 1, 65183 Wiesbaden');
const MUENSTER = typedAddress('Prinzipalmarkt 10, 48143 Münster');

function officialPointsWith(active: () => Promise<Set<string>>) {
  const asked = { activeStates: 0, points: [] as string[][] };
  let now = new Date('2026-11-28T10:00:00Z');
  const repository: PointReads = {
    activeStates: () => {
      asked.activeStates += 1;
      return active();
    },
    pointsInBox: (_street, _number, states) => {
      asked.points.push([...states]);
      return Promise.resolve([]);
    },
    pointsInPlaces: (_street, _number, _places, states) => {
      asked.points.push([...states]);
      return Promise.resolve([]);
    },
    pointsInLocalities: (_street, _number, _localities, states) => {
      asked.points.push([...states]);
      return Promise.resolve([]);
    },
    streetsIn: (_places, states) => {
      asked.points.push([...states]);
      return Promise.resolve([]);
    },
    placesKnown: (_places, states) => {
      asked.points.push([...states]);
      return Promise.resolve(new Set());
    },
  };
  const official = createOfficialPoints({
    repository,
    sources: loadAddressSources(),
    postcodes: loadPostcodeDirectory(),
    clock: () => now,
  });
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  return { official, asked, later };
}

describe('the states with an active import', () => {
  it('asks nothing for an address of a state without one, and reads them once a minute', async () => {
    let active = new Set(['DE-NW']);
    const { official, asked, later } = officialPointsWith(() => Promise.resolve(active));
    expect(await official.find(WIESBADEN)).toBeNull();
    expect(asked.points).toEqual([]);
    expect(await official.find(MUENSTER)).toBeNull();
    expect(asked.points.length).toBeGreaterThan(0);
    expect(asked.points.flat()).toEqual(asked.points.map(() => 'DE-NW'));
    expect(asked.activeStates).toBe(1);

    // Hessen's first import shows once the minute is over.
    active = new Set(['DE-NW', 'DE-HE']);
    later(ACTIVE_STATES_MS - 1);
    asked.points = [];
    expect(await official.find(WIESBADEN)).toBeNull();
    expect(asked.points).toEqual([]);
    later(1);
    expect(await official.find(WIESBADEN)).toBeNull();
    expect(asked.activeStates).toBe(2);
    expect(asked.points.flat()).toContain('DE-HE');
  });

  it('reads them again after a failed read instead of keeping the failure', async () => {
    let fail = true;
    const { official, asked } = officialPointsWith(() =>
      fail ? Promise.reject(new Error('database gone')) : Promise.resolve(new Set(['DE-NW'])),
    );
    await expect(official.find(MUENSTER)).rejects.toThrow('database gone');
    fail = false;
    expect(await official.find(MUENSTER)).toBeNull();
    expect(asked.activeStates).toBe(2);
    expect(asked.points.length).toBeGreaterThan(0);
  });
});
