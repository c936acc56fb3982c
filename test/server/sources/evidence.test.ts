// Every fact the shipped registry states about a state service carries its
// evidence: how well it is known and which public source shows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_SOURCES_FILE } from '#server/sources/registry.js';
import { registryFileSchema } from '#server/sources/sourceDefinition.js';

const file = registryFileSchema.parse(parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')));
const configured = file.sources.flatMap((s) => ('options' in s ? [s] : []));
const notConnected = file.sources.flatMap((s) =>
  s.kind === 'none' && !('options' in s) ? [s] : [],
);

/**
 * The facts of an entry: licence, owners, source page (stated, or the service
 * URL it defaults to), terms, every field and option, its history. The probe
 * point is our own choice of address, no fact about the service.
 */
function factsOf(entry: (typeof configured)[number]): string[] {
  return [
    'license',
    'owners',
    'sourceUrl',
    ...(entry.credit === undefined ? [] : ['credit']),
    ...(entry.terms ? ['terms'] : []),
    ...(entry.viewerUrl === undefined ? [] : ['viewerUrl']),
    ...(entry.map === undefined ? [] : ['map']),
    ...Object.keys(entry.fields).map((f) => `fields.${f}`),
    ...Object.keys(entry.options).map((o) => `options.${o}`),
    ...(entry.history ? ['history'] : []),
    ...(entry.history?.fields ? ['history.fields'] : []),
  ];
}

describe('the evidence behind the shipped registry', () => {
  it.each(configured.map((s) => [s.state, s] as const))(
    '%s: every fact has its evidence, and only facts the entry states',
    (_state, entry) => {
      const evidence = entry.evidence ?? {};
      expect(Object.keys(evidence).sort()).toEqual(factsOf(entry).sort());
    },
  );

  it.each(configured.map((s) => [s.state, s] as const))(
    '%s: its cycle, offer and second route have their evidence (the publication day may stand apart)',
    (_state, entry) => {
      const facts = Object.keys(entry.currency?.evidence ?? {});
      expect(facts).toEqual(expect.arrayContaining(['cycle', 'offer', 'secondRoute']));
      expect(['cycle', 'publishedBy', 'offer', 'secondRoute']).toEqual(
        expect.arrayContaining(facts),
      );
    },
  );

  it.each(file.sources.map((s) => [s.state, s] as const))(
    '%s: evidence cites known references, and what is not confirmed says why',
    (_state, entry) => {
      const evidence = {
        ...(('evidence' in entry && entry.evidence) || {}),
        ...(('currency' in entry && entry.currency?.evidence) || {}),
      };
      for (const [fact, { status, by, note }] of Object.entries(evidence)) {
        for (const reference of by)
          expect(file.references, `${fact}: ${reference}`).toHaveProperty([reference]);
        if (status === 'confirmed' || status === 'single-source') {
          expect(by.length, `${fact} names its source`).toBeGreaterThan(0);
        } else {
          expect(note, `${fact} (${status}) says why`).toBeDefined();
        }
      }
    },
  );

  it.each(notConnected.map((s) => [s.state, s] as const))(
    '%s (not connected): its terms and the portal it names have their evidence',
    (_state, entry) => {
      expect(Object.keys(entry.evidence ?? {}).sort()).toEqual(
        [
          ...(entry.terms ? ['terms'] : []),
          ...(entry.portal === undefined ? [] : ['portal']),
        ].sort(),
      );
      for (const { by } of Object.values(entry.evidence ?? {}))
        for (const reference of by) expect(file.references).toHaveProperty([reference]);
    },
  );

  it('lists no reference that no fact cites', () => {
    const cited = new Set(
      file.sources.flatMap((s) =>
        [
          ...Object.values(('evidence' in s && s.evidence) || {}),
          ...Object.values(('currency' in s && s.currency?.evidence) || {}),
        ].flatMap((e) => e.by),
      ),
    );
    expect(Object.keys(file.references).filter((r) => !cited.has(r))).toEqual([]);
  });
});
