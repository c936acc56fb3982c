// ADDRESS_SOURCES_FILE points the service at another registry: the answers
// take the dataset name (and credit) of an official point from that file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { DEMO_ADDRESSES, MUENSTER } from '#dev/fakes/demoWorld.js';
import { gebrefLine } from '#dev/fakes/houseCoordinateFiles.js';
import { DEFAULT_ADDRESS_SOURCES_FILE } from '#server/geocoding/officialPoints/addressSources.js';
import { addressTools, writeHouseFile } from '../../../support/houseCoordinateImport.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';

describe('the service with ADDRESS_SOURCES_FILE', () => {
  let h: LookupHarness;
  beforeAll(async () => {
    const registry = parseYaml(readFileSync(DEFAULT_ADDRESS_SOURCES_FILE, 'utf8')) as {
      sources: { state: string; dataset?: string }[];
    };
    for (const source of registry.sources) {
      if (source.state === 'DE-NW') source.dataset = 'GEBREF NRW (Spiegel des Betreibers)';
    }
    const file = join(mkdtempSync(join(tmpdir(), 'brw-registry-')), 'address-sources.yaml');
    writeFileSync(file, stringifyYaml(registry));
    h = await startLookupHarness({ env: { ADDRESS_SOURCES_FILE: file } });
    await addressTools(h.server.ctx.db).import({
      state: 'NW',
      file: writeHouseFile(
        'gebref.txt',
        `${gebrefLine(
          {
            stateKey: '05',
            stateName: 'Nordrhein-Westfalen',
            municipality: 'Münster',
            street: 'Prinzipalmarkt',
            number: '10',
            crs: 'EPSG:25832',
            lat: MUENSTER.lat,
            lon: MUENSTER.lon,
          },
          1,
        )}\n`,
      ),
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('names the dataset of the registry the variable names', async () => {
    const res = await h.get({ address: DEMO_ADDRESSES.muenster });
    const body = (await res.json()) as { geocoding?: { dataset?: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.geocoding?.dataset).toBe('GEBREF NRW (Spiegel des Betreibers), Stand 2026-07-01');
  });
});
