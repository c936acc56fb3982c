// The answer of POST /api/bodenwert (§2.4), as the API documents it.
import { z } from 'zod';
import { CALCULATION_MODEL } from '../apiTypes.js';
import { GFZ_PLAUSIBLE_RANGE } from '../calculationNotes.js';
import { OUTPUT_DECIMALS } from '../density.js';

const german = (value: number) => value.toLocaleString('de-DE');
const number = (description: string) => z.number().meta({ description });
const coefficient = (of: string) =>
  number(`${of}, ${OUTPUT_DECIMALS.coefficient} Nachkommastellen.`);

export const bodenwertResponseSchema = z
  .object({
    brw_input_euro_pro_m2: number('Der gesendete brw.'),
    gfz_referenz: number('Die gesendete gfz_referenz.'),
    gfz_tatsaechlich: number('Die gesendete gfz_tatsaechlich.'),
    koeffizient_referenz: coefficient('K(gfz_referenz)'),
    koeffizient_tatsaechlich: coefficient('K(gfz_tatsaechlich)'),
    faktor: coefficient('K(gfz_tatsaechlich) / K(gfz_referenz)'),
    bodenrichtwert_tatsaechlich_euro_pro_m2: number('Umgerechneter Bodenrichtwert in €/m².'),
    grundstuecksflaeche_m2: number('Grundstücksfläche; nur mit flaeche.').optional(),
    bodenwert_euro: number('Bodenwert des Grundstücks in €; nur mit flaeche.').optional(),
    hinterland_flaeche_m2: number('Die gesendete Hinterlandfläche; nur mit Aufteilung.').optional(),
    hinterland_faktor: number('Der gesendete Hinterlandfaktor; nur mit Aufteilung.').optional(),
    vorderland_flaeche_m2: number(
      'flaeche minus hinterland_flaeche_m2; nur mit Aufteilung.',
    ).optional(),
    vorderland_wert_euro: number('Wert des Vorderlands in €; nur mit Aufteilung.').optional(),
    hinterland_wert_euro: number('Wert des Hinterlands in €; nur mit Aufteilung.').optional(),
    modell: z.literal(CALCULATION_MODEL),
    formel: z.string(),
    hinweis: z
      .string()
      .meta({
        description:
          'Hinweise: wie ein Text wie „1.000“ gelesen wurde, Extrapolation außerhalb GFZ ' +
          `${german(GFZ_PLAUSIBLE_RANGE.min)} bis ${german(GFZ_PLAUSIBLE_RANGE.max)}, ` +
          'Vorder-/Hinterland; fehlt, wenn es nichts zu sagen gibt.',
      })
      .optional(),
    disclaimer: z.string(),
  })
  // Which optional fields come together (zod checks no answers; this documents them).
  .meta({
    dependentRequired: {
      grundstuecksflaeche_m2: ['bodenwert_euro'],
      hinterland_flaeche_m2: [
        'hinterland_faktor',
        'vorderland_flaeche_m2',
        'vorderland_wert_euro',
        'hinterland_wert_euro',
        'grundstuecksflaeche_m2',
      ],
    },
  });
