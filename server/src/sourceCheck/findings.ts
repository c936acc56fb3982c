// What the self-check (`npm run sources:check -- --schema`) finds for one
// state: mismatches between the registry and the service's own description,
// and what cannot be checked (with the reason). Field paths are compared as
// the adapters read them: prefixes dropped, so "br:gehoertZu/@xlink:href" is
// "gehoertZu/@href".
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { FieldMap, FieldSpec } from '../sources/fieldMap.js';
import { SOURCE_FIELDS } from '../sources/sourceRecord.js';
import { YEAR_PLACEHOLDER } from '../sources/years/yearEndpoint.js';

export interface Finding {
  level: 'mismatch' | 'not_checkable';
  message: string;
}

export const mismatch = (message: string): Finding => ({ level: 'mismatch', message });
export const notCheckable = (message: string): Finding => ({ level: 'not_checkable', message });

/**
 * Runs the adapter's own resolution (type plan, type pattern, layer choice,
 * layer discovery). A service that offers nothing fitting makes it throw a
 * malformed_body outage: for the check that is a mismatch; any other failure
 * stays an outage of the service.
 */
export async function resolved<T>(
  resolve: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; finding: Finding }> {
  try {
    return { ok: true, value: await resolve() };
  } catch (err) {
    if (!isUpstreamOutage(err) || err.reason !== 'malformed_body') throw err;
    return { ok: false, finding: mismatch(err.message) };
  }
}

/** What a type publishes: its property paths and where its schema could not be read. */
export interface PublishedProperties {
  properties: readonly string[];
  /** Paths below which nothing is known; "" for the whole type. */
  unresolved?: readonly string[];
}

/** The configured paths of each field (the data-year placeholder is no property). */
export function fieldPaths(fields: FieldMap): { field: string; paths: string[] }[] {
  return SOURCE_FIELDS.flatMap((field) => {
    const source = fields[field];
    if (source === undefined) return [];
    const specs: readonly FieldSpec[] = Array.isArray(source) ? source : [source];
    const paths = specs
      .map((spec) => (typeof spec === 'string' ? spec : spec.path))
      .filter((path) => path !== YEAR_PLACEHOLDER)
      .map(withoutPrefixes);
    return paths.length === 0 ? [] : [{ field, paths }];
  });
}

/**
 * A path as the schema readers write them, like xmlTree's walk reads it:
 * prefixes dropped ("br:gehoertZu/@xlink:href" → "gehoertZu/@href") and GML
 * object elements between property and value skipped
 * ("nutzung/BR_Nutzung/art" → "nutzung/art").
 */
export function withoutPrefixes(path: string): string {
  const steps = path
    .split('/')
    .map((step) => step.replace(/^@?[^:]*:/, (prefix) => (prefix.startsWith('@') ? '@' : '')));
  return steps
    .filter((step, i) => i === 0 || i === steps.length - 1 || !/^[A-Z]/.test(step))
    .join('/');
}

/**
 * A field is fine when one of its paths is published (the alternatives exist
 * because services differ); a mismatch when none is, unless a path leads into
 * a part of the schema that could not be read.
 */
export function checkFields(
  fields: readonly { field: string; paths: readonly string[] }[],
  typeName: string,
  published: PublishedProperties,
): Finding[] {
  const findings: Finding[] = [];
  for (const { field, paths } of fields) {
    if (paths.some((path) => published.properties.includes(path))) continue;
    const hidden = paths.find((path) => unresolvedAt(published, path) !== undefined);
    if (hidden !== undefined) {
      const at = unresolvedAt(published, hidden);
      findings.push(
        notCheckable(
          `field \`${hidden}\` (${field}) in \`${typeName}\`: ${at ? `the type of \`${at}\`` : 'the type’s base type'} is defined in a schema that could not be read`,
        ),
      );
      continue;
    }
    const wanted =
      paths.length === 1
        ? `field \`${paths[0] ?? ''}\` (${field}) is not`
        : `field ${field}: none of ${paths.map((p) => `\`${p}\``).join(', ')} is`;
    findings.push(
      mismatch(
        `${wanted} in \`${typeName}\`; the type has: ${published.properties.join(', ') || 'no properties'}`,
      ),
    );
  }
  return findings;
}

function unresolvedAt(published: PublishedProperties, path: string): string | undefined {
  return published.unresolved?.find(
    (prefix) => prefix === '' || path === prefix || path.startsWith(`${prefix}/`),
  );
}
