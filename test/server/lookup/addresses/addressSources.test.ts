import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '#server/config/configError.js';
import {
  ADDRESS_SOURCES_FILE,
  loadAddressSources,
  parseAddressSources,
  requiresCredit,
} from '#server/lookup/addresses/addressSources.js';

const raw = parseYaml(readFileSync(ADDRESS_SOURCES_FILE, 'utf8')) as {
  references: Record<string, string>;
  sources: Record<string, unknown>[];
};

describe('the registry of house-coordinate sources', () => {
  const sources = loadAddressSources();

  it('has one record for each of the sixteen states, found by code or letters', () => {
    expect(sources.all).toHaveLength(16);
    expect(sources.find('nw')?.state).toBe('DE-NW');
    expect(sources.find('DE-HB')?.name).toBe('Bremen');
    expect(sources.find('XX')).toBeUndefined();
  });

  it('gives every fact of an open source its evidence, citing known references', () => {
    for (const source of sources.all) {
      const facts = source.import
        ? ['download', 'license', 'format', 'bbox', 'stateKey']
        : ['import', 'bbox'];
      for (const fact of facts) {
        expect(source.evidence[fact], `${source.state} ${fact}`).toBeDefined();
      }
      for (const [fact, evidence] of Object.entries(source.evidence)) {
        for (const key of evidence.by) {
          expect(raw.references, `${source.state} ${fact} cites ${key}`).toHaveProperty(key);
        }
      }
    }
  });

  it('names the credit wherever the licence requires one', () => {
    for (const source of sources.all) {
      if (source.import && requiresCredit(source)) expect(source.credit).toBeTruthy();
    }
  });

  it('refuses a by-licence without credit, and a state listed twice', () => {
    const nw = raw.sources.find((s) => s.state === 'DE-NW') ?? {};
    const withoutCredit = { ...nw, license: 'dl-de/by-2-0' };
    expect(() =>
      parseAddressSources({ references: raw.references, sources: [withoutCredit] }, 'test.yaml'),
    ).toThrow(/credit: a licence that requires credit needs `credit`/);
    expect(() =>
      parseAddressSources({ references: raw.references, sources: [nw, nw] }, 'test.yaml'),
    ).toThrow(ConfigError);
  });
});
