// What the Flurstück page shows beyond the answer's own fields: the parcel's
// cadastral data as labelled rows, and the point the map centres on when the
// parcel was asked by Kennzeichen (no address point).
import type { FlurstueckResponse, GeoJsonMultiPolygon } from '#shared/parcelTypes.js';

const euro = (value: number) => `${value.toLocaleString('de-DE', { maximumFractionDigits: 2 })} €`;
const area = (m2: number) => `${m2.toLocaleString('de-DE', { maximumFractionDigits: 1 })} m²`;

/** The parcel's cadastral data, label and text, in the order a valuer reads them. */
export function parcelRows({ flurstueck: f }: FlurstueckResponse): [string, string][] {
  const gemarkung = f.gemarkung.name
    ? `${f.gemarkung.name} (${f.gemarkung.nummer})`
    : f.gemarkung.nummer;
  const rows: [string, string | undefined][] = [
    ['Flurstückskennzeichen', f.kennzeichen],
    ['Land', f.land],
    ['Gemarkung', gemarkung],
    ['Flur', f.flur === undefined ? undefined : String(f.flur)],
    ['Flurstück', f.nenner === undefined ? `${f.zaehler}` : `${f.zaehler}/${f.nenner}`],
    ['Amtliche Fläche', area(f.amtliche_flaeche_m2)],
    ['Tatsächliche Nutzung', f.nutzung],
    ['Lage', f.lage],
    ['Katasterdatensatz', f.datensatz.name],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

/**
 * What the GFZ column shows per use when the request had a GFZ (undefined:
 * no column): the converted value, or why a zone was not converted.
 */
export function gfzColumn({ bodenwert }: FlurstueckResponse): string[] | undefined {
  const converted = bodenwert.some((use) => use.zonen.some((zone) => zone.gfz_umrechnung));
  if (!converted) return undefined;
  return bodenwert.map((use) => {
    if (use.bodenwert_gfz_euro !== undefined) return `${euro(use.bodenwert_gfz_euro)}`;
    const reasons = use.zonen.flatMap((zone) =>
      zone.gfz_umrechnung && 'hinweis' in zone.gfz_umrechnung ? [zone.gfz_umrechnung.hinweis] : [],
    );
    return reasons.length > 0 ? [...new Set(reasons)].join(' ') : 'nicht umgerechnet';
  });
}

/** The middle of the parcel's bounding box (by reduce: a long ring would overflow a spread). */
export function parcelCentre(geometry: GeoJsonMultiPolygon): { lat: number; lon: number } {
  const positions = geometry.coordinates.flat(2);
  const [west, south, east, north] = positions.reduce(
    ([w, s, e, n], [lon, lat]) => [
      Math.min(w, lon),
      Math.min(s, lat),
      Math.max(e, lon),
      Math.max(n, lat),
    ],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  return { lon: (west + east) / 2, lat: (south + north) / 2 };
}
