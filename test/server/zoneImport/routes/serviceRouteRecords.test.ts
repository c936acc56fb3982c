// The zone-set registry's records of the service routes (BE, BB, NI, HB, TH,
// MV, HE), checked as the loader will: each route's options by its kind's own
// schema, the fields as a field map, every evidence status and reference.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fieldMapSchema } from '#server/sources/fieldMap.js';
import { brmXmlRoute } from '#server/zoneImport/routes/brmXml.js';
import { ogcApiFeaturesRoute } from '#server/zoneImport/routes/ogcApiFeatures.js';
import { wfsGeojsonPagesRoute } from '#server/zoneImport/routes/wfsGeojsonPages.js';
import { wfsGmlPagesRoute } from '#server/zoneImport/routes/wfsGmlPages.js';
import type { ZoneRouteKind } from '#server/zoneImport/zoneRoute.js';

const FILE = new URL('../../../../server/sources/zone-sets.yaml', import.meta.url);
const KINDS: Readonly<Record<string, ZoneRouteKind>> = Object.fromEntries(
  [wfsGeojsonPagesRoute, ogcApiFeaturesRoute, wfsGmlPagesRoute, brmXmlRoute].map((kind) => [
    kind.kind,
    kind as ZoneRouteKind,
  ]),
);

interface SetRecord {
  state: string;
  crs: string;
  license: string;
  credit: string;
  years: { from: number; to?: number };
  route: { kind: string } & Record<string, unknown>;
  fields: unknown;
  evidence: Record<string, { status: string; by: string[]; note?: string }>;
}

const text = readFileSync(FILE, 'utf8');
const registry = parse(text) as { references: Record<string, string>; sets: SetRecord[] };
const ours = registry.sets.filter((set) => set.route.kind in KINDS);

describe('zone-sets.yaml: the service routes’ records', () => {
  it('holds one record per state of the service routes', () => {
    expect(ours.map((set) => set.state).sort()).toEqual(
      ['DE-BB', 'DE-BE', 'DE-HB', 'DE-HE', 'DE-MV', 'DE-NI', 'DE-TH'].sort(),
    );
  });

  it.each(ours.map((set) => [set.state, set] as const))(
    '%s: route options fit the kind, fields are a field map, zones come in the set’s CRS',
    (_state, set) => {
      const { kind, ...options } = set.route;
      const parsed = KINDS[kind]?.optionsSchema.safeParse(options);
      expect(parsed?.error).toBeUndefined();
      expect(fieldMapSchema.safeParse(set.fields).error).toBeUndefined();
      expect(set.crs).toMatch(/^EPSG:2583[23]$/);
      expect((parsed?.data as { crs: string }).crs).toBe(set.crs);
      expect(Number.isInteger(set.years.from)).toBe(true);
      expect(set.license).not.toBe('');
      expect(set.credit).not.toBe('');
    },
  );

  it.each(ours.map((set) => [set.state, set] as const))(
    '%s: every evidence entry has a known status and known references',
    (_state, set) => {
      expect(Object.keys(set.evidence)).toContain('license');
      expect(Object.keys(set.evidence)).toContain('years');
      for (const [fact, { status, by }] of Object.entries(set.evidence)) {
        expect([fact, status]).toEqual([
          fact,
          expect.stringMatching(/^(confirmed|single-source|unverified)$/),
        ]);
        for (const key of by)
          expect([fact, key, key in registry.references]).toEqual([fact, key, true]);
      }
    },
  );
});
