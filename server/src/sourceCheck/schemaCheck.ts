// `npm run sources:check -- --schema`: checks each configured source of the
// registry against the service's own description (WFS GetCapabilities and
// DescribeFeatureType, WMS GetCapabilities, ArcGIS layer JSON). Per state:
// OK, the mismatches, what could not be checked and why, or the failure
// when the description could not be read.
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import { ADAPTER_KINDS } from '../sources/adapterKinds.js';
import { createYearEndpoint } from '../sources/years/yearEndpoint.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import { notCheckable, type Finding } from './findings.js';
import type { SchemaCheck, SchemaCheckDeps } from './kindCheck.js';
import { checkArcgis, checkWmsGfi } from './mapSchemaCheck.js';
import { checkWfsGeojson, checkWfsGml, checkWfsTwoStep } from './wfsSchemaCheck.js';

export interface SchemaResult {
  state: string;
  name: string;
  status: 'ok' | 'mismatch' | 'failed' | 'not_connected';
  checked: string[];
  findings: Finding[];
  /** Why the description could not be read, or why the state is not connected. */
  detail?: string;
}

/** A kind's check of the service at `url` (the data year already resolved). */
type Checker = (
  source: ConfiguredSource,
  options: never,
  url: string,
  deps: SchemaCheckDeps,
) => Promise<SchemaCheck>;

/** A kind whose service cannot describe itself, and why. */
interface Undescribed {
  undescribed: string;
}

/**
 * Each adapter kind's check, or why there is none; the options arrive as the
 * kind's own schema parsed them (hence `never`). A new kind in
 * sources/adapterKinds.ts adds its line here too (a test holds the two lists
 * together).
 */
export const SCHEMA_CHECKS: Readonly<Record<string, Checker | Undescribed>> = {
  'wfs-gml': checkWfsGml,
  'wfs-gml-two-step': checkWfsTwoStep,
  'wfs-geojson': checkWfsGeojson,
  'wms-gfi': checkWmsGfi,
  'arcgis-query': checkArcgis,
  'imported-geojson': { undescribed: 'a file imported ahead, no service to describe itself' },
};

export async function checkSchemas(
  registry: SourceRegistry,
  states: readonly string[],
  deps: SchemaCheckDeps,
): Promise<SchemaResult[]> {
  const results: SchemaResult[] = [];
  for (const state of states) {
    const entry = registry.forState(state);
    if (entry?.status !== 'configured') {
      const detail = entry?.reason ?? (entry ? 'kind none' : 'not in the registry');
      results.push({
        state,
        name: entry?.name ?? state,
        status: 'not_connected',
        checked: [],
        findings: [],
        detail,
      });
      continue;
    }
    results.push({ state, name: entry.source.name, ...(await checkSource(entry.source, deps)) });
  }
  return results;
}

async function checkSource(
  source: ConfiguredSource,
  deps: SchemaCheckDeps,
): Promise<Omit<SchemaResult, 'state' | 'name'>> {
  const checker = SCHEMA_CHECKS[source.kind];
  const kind = ADAPTER_KINDS.find((k) => k.kind === source.kind);
  if (typeof checker !== 'function' || kind === undefined) {
    const why =
      checker !== undefined && 'undescribed' in checker ? checker.undescribed : 'no check';
    const finding = notCheckable(`kind ${source.kind}: ${why}`);
    return { status: 'ok', checked: [], findings: [finding] };
  }
  try {
    const options = kind.options(source) as { url: string; yearsBack?: number };
    // The newest released data year, found as the adapter finds it.
    const endpoint = createYearEndpoint(options.url, options.yearsBack ?? 0, deps.clock);
    const { checked, findings } = await endpoint.run((url) =>
      checker(source, options as never, url, deps),
    );
    const status = findings.some((f) => f.level === 'mismatch') ? 'mismatch' : 'ok';
    return { status, checked, findings };
  } catch (err) {
    if (!isUpstreamOutage(err)) throw err;
    return { status: 'failed', checked: [], findings: [], detail: `${err.reason}: ${err.message}` };
  }
}

export function formatSchemaResults(results: readonly SchemaResult[]): string {
  return results
    .flatMap((r) => {
      const status = { ok: 'OK', mismatch: 'MISMATCH', failed: 'FAILED', not_connected: '-' }[
        r.status
      ];
      const summary = r.detail ?? r.checked.join(', ');
      const lines = r.findings.map(
        (f) => `    ${f.level === 'mismatch' ? '' : 'not checkable: '}${f.message}`,
      );
      return [`${r.state}  ${r.name.padEnd(24)} ${status.padEnd(9)} ${summary}`, ...lines];
    })
    .join('\n');
}
