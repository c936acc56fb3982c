// `npm run sources:check -- --conversion`: whether a state's land-value WFS
// fills the AdV model's conversion-table types (BRM: BR_Umrechnungstabelle,
// …Datei, …Werte, …Formel, BR_Umrechnungskoeffizient_Umrechnungstabelle).
// Brandenburg's and Hessen's services offer the types, and whether they hold
// anything was unverified; the check asks GetCapabilities for them and one
// feature of each (GetFeature COUNT=1). Per state: filled (a type has a
// feature), empty (offered, none has one), not offered, not checkable (no
// WFS) or failed (the service did not answer). The calculation applies no
// committee table either way (docs/sources.md, "Conversion tables").
import { ADAPTER_KINDS } from '../sources/adapterKinds.js';
import { withQuery, wfsFeatureTypeNames } from '../sources/ogc/capabilities.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import { readXmlEvents } from '../sources/xmlStream.js';
import { createYearEndpoint } from '../sources/years/yearEndpoint.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { SchemaCheckDeps } from './kindCheck.js';

export type ConversionStatus = 'filled' | 'empty' | 'not_offered' | 'not_checkable' | 'failed';

export interface ConversionResult {
  state: string;
  status: ConversionStatus;
  /** Each conversion-table type offered, with whether it held a feature. */
  types: { name: string; filled: boolean }[];
  detail?: string;
}

/** The kinds that ask a WFS, whose address the check reads from the kind's options. */
const WFS_KINDS: readonly string[] = ['wfs-gml', 'wfs-gml-two-step', 'wfs-geojson'];

const CONVERSION_TYPE = /(^|:)BR_Umrechnung/i;

export async function checkConversionTables(
  registry: SourceRegistry,
  states: readonly string[],
  deps: Pick<SchemaCheckDeps, 'upstream' | 'clock'>,
): Promise<ConversionResult[]> {
  const results: ConversionResult[] = [];
  for (const state of states) {
    const entry = registry.forState(state);
    if (entry?.status !== 'configured') {
      results.push({ state, status: 'not_checkable', types: [], detail: 'not connected' });
      continue;
    }
    results.push({ state, ...(await checkSource(entry.source, deps)) });
  }
  return results;
}

async function checkSource(
  source: ConfiguredSource,
  deps: Pick<SchemaCheckDeps, 'upstream' | 'clock'>,
): Promise<Omit<ConversionResult, 'state'>> {
  const kind = ADAPTER_KINDS.find((k) => k.kind === source.kind);
  if (kind === undefined || !WFS_KINDS.includes(source.kind)) {
    return { status: 'not_checkable', types: [], detail: `kind ${source.kind}: no WFS` };
  }
  try {
    const options = kind.options(source) as { url: string; yearsBack?: number };
    const endpoint = createYearEndpoint(options.url, options.yearsBack ?? 0, deps.clock);
    const types = await endpoint.run(async (url) => {
      const offered = await wfsFeatureTypeNames(deps.upstream, url);
      const conversion = offered.filter((name) => CONVERSION_TYPE.test(name));
      const checked: { name: string; filled: boolean }[] = [];
      for (const name of conversion) {
        checked.push({ name, filled: await holdsFeature(deps, url, name) });
      }
      return checked;
    });
    const status: ConversionStatus =
      types.length === 0 ? 'not_offered' : types.some((t) => t.filled) ? 'filled' : 'empty';
    return { status, types };
  } catch (err) {
    if (!isUpstreamOutage(err)) throw err;
    return { status: 'failed', types: [], detail: `${err.reason}: ${err.message}` };
  }
}

/** Whether the type holds a feature: one asked for, counted by the collection's members. */
async function holdsFeature(
  deps: Pick<SchemaCheckDeps, 'upstream'>,
  url: string,
  typeName: string,
): Promise<boolean> {
  const bytes = await deps.upstream.request(
    {
      url: withQuery(url, {
        SERVICE: 'WFS',
        VERSION: '2.0.0',
        REQUEST: 'GetFeature',
        TYPENAMES: typeName,
        COUNT: '1',
      }),
      headers: { Accept: 'application/xml' },
    },
    (body) => body.bytes,
  );
  let members = 0;
  let matched: number | undefined;
  await readXmlEvents(bytes, {
    open(element, attributes, path) {
      if (path.length === 0) {
        const number = Number(attributes.numberMatched ?? attributes.numberOfFeatures);
        if (Number.isFinite(number)) matched = number;
      } else if (path.length === 1 && /^(member|featureMember|featureMembers)$/.test(element)) {
        members += 1;
      }
    },
  });
  return members > 0 || (matched ?? 0) > 0;
}

export function formatConversionResults(results: readonly ConversionResult[]): string {
  const words: Record<ConversionStatus, string> = {
    filled: 'FILLED',
    empty: 'EMPTY',
    not_offered: 'NOT OFFERED',
    not_checkable: '-',
    failed: 'FAILED',
  };
  return results
    .map((r) => {
      const types = r.types.map((t) => `${t.name}: ${t.filled ? 'filled' : 'empty'}`).join(', ');
      return `${r.state}  ${words[r.status].padEnd(12)} ${r.detail ?? types}`;
    })
    .join('\n');
}
