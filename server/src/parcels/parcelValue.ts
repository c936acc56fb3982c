// The parcel's land value per land use (issue 34): Σ zone area × land value
// over the zones of that use, never across uses (building land and farmland
// over the same ground are two answers, not one sum). With the plot's GFZ,
// each zone is converted exactly as POST /api/bodenwert converts (the same
// input rules, the same formula), its wertrelevante GFZ as the reference.
import { parseBodenwertInput } from '#shared/bodenwertInput.js';
import { Decimal } from '#shared/decimal.js';
import { OUTPUT_DECIMALS, calculateBodenwert } from '#shared/density.js';
import { sortByLandUse } from '#shared/landUse.js';
import type { FlurstueckBodenwert, FlurstueckZone, ZoneValue } from '#shared/parcelTypes.js';
import { roundDecimal } from '#shared/rounding.js';

const euro = (value: Decimal) => roundDecimal(value, OUTPUT_DECIMALS.euro);

export const NO_WGFZ_HINWEIS =
  'Die Bodenrichtwertzone veröffentlicht keine wertrelevante Geschossflächenzahl (WGFZ); ' +
  'eine Umrechnung auf die GFZ des Grundstücks ist daher nicht möglich.';

/** Throws AppError (400) when the GFZ is no valid plot GFZ, as the calculation would. */
function converted(zone: FlurstueckZone, gfz: number): ZoneValue['gfz_umrechnung'] {
  const reference = zone.wertrel_geschossflaechenzahl;
  if (reference === undefined) return { hinweis: NO_WGFZ_HINWEIS };
  const input = parseBodenwertInput({
    brw: zone.brw_euro_pro_m2,
    gfz_referenz: reference,
    gfz_tatsaechlich: gfz,
    flaeche: zone.anteil_flaeche_m2,
  });
  if (!input.ok) throw input.error;
  const result = calculateBodenwert(input.value);
  return {
    gfz_referenz: reference,
    faktor: result.faktor,
    bodenrichtwert_tatsaechlich_euro_pro_m2: result.bodenrichtwert_tatsaechlich_euro_pro_m2,
    // Always present: the input carries the zone's area as flaeche.
    bodenwert_euro: result.bodenwert_euro ?? 0,
  };
}

/** The zone's value, with the exact product it was rounded from (the use's sum adds those). */
function zoneValue(zone: FlurstueckZone, gfz: number | undefined) {
  const exact = new Decimal(zone.anteil_flaeche_m2).times(zone.brw_euro_pro_m2);
  const value: ZoneValue = {
    ...(zone.bodenrichtwertnummer === undefined
      ? {}
      : { bodenrichtwertnummer: zone.bodenrichtwertnummer }),
    anteil_flaeche_m2: zone.anteil_flaeche_m2,
    brw_euro_pro_m2: zone.brw_euro_pro_m2,
    bodenwert_euro: euro(exact),
    ...(gfz === undefined ? {} : { gfz_umrechnung: converted(zone, gfz) }),
  };
  return { value, exact };
}

/** Per land use present (ordered W, M, G, S, L, F, SO), the value over its zones. */
export function valuesByUse(
  zones: readonly FlurstueckZone[],
  gfz: number | undefined,
): FlurstueckBodenwert[] {
  const byUse = new Map<string, FlurstueckZone[]>();
  for (const zone of zones) {
    const known = byUse.get(zone.nutzungsart);
    if (known) known.push(zone);
    else byUse.set(zone.nutzungsart, [zone]);
  }
  const values = [...byUse.values()].map((used): FlurstueckBodenwert => {
    const first = used[0] as FlurstueckZone;
    const parts = used.map((zone) => zoneValue(zone, gfz));
    const sum = (of: (part: (typeof parts)[number]) => Decimal | number) =>
      parts.reduce((total, part) => total.plus(of(part)), new Decimal(0));
    const converted = parts.map(({ value }) => value.gfz_umrechnung);
    const convertedValues = converted.flatMap((c) =>
      c !== undefined && 'bodenwert_euro' in c ? [c.bodenwert_euro] : [],
    );
    return {
      nutzungsart: first.nutzungsart,
      code: first.code,
      flaeche_m2: roundDecimal(
        sum(({ value }) => value.anteil_flaeche_m2),
        2,
      ),
      // Σ of the exact products, rounded once.
      bodenwert_euro: euro(sum(({ exact }) => exact)),
      ...(gfz !== undefined && convertedValues.length === parts.length
        ? {
            bodenwert_gfz_euro: euro(
              convertedValues.reduce((total, v) => total.plus(v), new Decimal(0)),
            ),
          }
        : {}),
      zonen: parts.map(({ value }) => value),
    };
  });
  return sortByLandUse(values);
}
