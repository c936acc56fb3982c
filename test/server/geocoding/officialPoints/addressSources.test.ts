import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '#server/config/configError.js';
import {
  DEFAULT_ADDRESS_SOURCES_FILE,
  loadAddressSources,
  parseAddressSources,
  requiresCredit,
} from '#server/geocoding/officialPoints/addressSources.js';

const raw = parseYaml(readFileSync(DEFAULT_ADDRESS_SOURCES_FILE, 'utf8')) as {
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

describe('an unreadable ADDRESS_SOURCES_FILE', () => {
  it('stops with one line naming the file, not a stack trace, for a YAML alias bomb', () => {
    // A "billion laughs" of aliases: the yaml parser refuses to expand it (maxAliasCount).
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i += 1) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'brw-address-yaml-'));
    const path = join(dir, 'bomb.yaml');
    writeFileSync(path, `${levels.join('\n')}\n`);
    try {
      expect(() => loadAddressSources(path)).toThrow(ConfigError);
      expect(() => loadAddressSources(path)).toThrow(
        `ADDRESS_SOURCES_FILE ${path} is not readable YAML`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('downloads in the registry', () => {
  const sources = loadAddressSources();
  const open = sources.all.flatMap((s) => (s.import ? [s] : []));

  it('says for every open state whether a script can fetch its file, and how to get it by hand where not', () => {
    const byHand = open.filter((s) => s.manual !== undefined).map((s) => s.state.slice(3));
    // A portal path (HE), a CAPTCHA (TH), a request form (SH), a dated file name (HH), no file address seen (BB).
    expect(byHand.sort()).toEqual(['BB', 'HE', 'HH', 'SH', 'TH']);
    for (const source of open) {
      if (source.manual === undefined) {
        expect(new URL(source.download).pathname, source.state).toMatch(/\.zip$/);
      } else {
        expect(source.manual, source.state).toMatch(/herunterladen/);
        expect(source.evidence.manual, source.state).toBeDefined();
      }
    }
  });

  it('refuses an OGC API collection as the download: the import reads files', () => {
    const bb = raw.sources.find((s) => s.state === 'DE-BB') ?? {};
    const collection =
      'https://ogc-api.geobasis-bb.de/datasets/gazetteer/collections/Hauskoordinaten';
    expect(() =>
      parseAddressSources(
        { references: raw.references, sources: [{ ...bb, download: collection }] },
        'test.yaml',
      ),
    ).toThrow(/download: an OGC API collection is no file the import reads/);
    expect(sources.find('BB')).toMatchObject({
      format: 'hk-header',
      crs: 'EPSG:25833',
      alternatives: [{ url: collection, kind: 'ogc-api-features' }],
    });
    expect(sources.find('HH')).toMatchObject({
      alternatives: [
        {
          url: 'https://api.hamburg.de/datasets/v1/gages_vereinfacht/collections/hauskoordinaten',
        },
      ],
    });
  });
});
