// Every fact the shipped registry states about a state service carries its
// evidence: how well it is known and which public source shows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_SOURCES_FILE } from '../../../../server/src/lookup/sources/registry.js';
import { registryFileSchema } from '../../../../server/src/lookup/sources/sourceDefinition.js';

const file = registryFileSchema.parse(parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')));
const configured = file.sources.flatMap((s) => ('options' in s ? [s] : []));

/** The facts of an entry: licence, owners, source page, every field and option, its history. */
function factsOf(entry: (typeof configured)[number]): string[] {
  return [
    'license',
    'owners',
    'sourceUrl',
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
    '%s: evidence cites known references, and what is not confirmed says why',
    (_state, entry) => {
      for (const [fact, { status, by, note }] of Object.entries(entry.evidence ?? {})) {
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

  it('lists no reference that no fact cites', () => {
    const cited = new Set(
      configured.flatMap((s) => Object.values(s.evidence ?? {}).flatMap((e) => e.by)),
    );
    expect(Object.keys(file.references).filter((r) => !cited.has(r))).toEqual([]);
  });
});
