// The "Umrechnung" page: the calculation of POST /api/bodenwert (the same
// input check and the same core, never counted) as a form, with the chart of
// K(GFZ) marking the reference and the actual GFZ. A link from the lookup
// page prefills the value and the reference GFZ (wertrel_geschossflaechenzahl).
import { Router, type Request, type Response } from 'express';
import type { BodenwertResponse } from '#shared/apiTypes.js';
import { parseBodenwertInput } from '#shared/bodenwertInput.js';
import { calculateBodenwert } from '#shared/density.js';
import { densityChartSvg } from '../charts/densityChart.js';
import type { WebLayer } from '../../web/webLayer.js';
import { showValue } from './entryFields.js';

const FORM_FIELDS = [
  'brw',
  'gfz_referenz',
  'gfz_tatsaechlich',
  'flaeche',
  'hinterland_flaeche_m2',
  'hinterland_faktor',
] as const;

type CalculationForm = Record<(typeof FORM_FIELDS)[number], string>;

/** The result lines in reading order; a field the answer leaves out is not shown. */
const RESULT_LABELS: readonly [keyof BodenwertResponse, string][] = [
  ['brw_input_euro_pro_m2', 'Bodenrichtwert (EUR/m²)'],
  ['gfz_referenz', 'GFZ des Richtwerts (Referenz)'],
  ['koeffizient_referenz', 'K(Referenz-GFZ)'],
  ['gfz_tatsaechlich', 'GFZ des Grundstücks'],
  ['koeffizient_tatsaechlich', 'K(tatsächliche GFZ)'],
  ['faktor', 'Umrechnungsfaktor'],
  ['bodenrichtwert_tatsaechlich_euro_pro_m2', 'Umgerechneter Bodenrichtwert (EUR/m²)'],
  ['grundstuecksflaeche_m2', 'Grundstücksfläche (m²)'],
  ['vorderland_flaeche_m2', 'Vorderland (m²)'],
  ['vorderland_wert_euro', 'Wert Vorderland (EUR)'],
  ['hinterland_flaeche_m2', 'Hinterland (m²)'],
  ['hinterland_faktor', 'Faktor Hinterland'],
  ['hinterland_wert_euro', 'Wert Hinterland (EUR)'],
  ['bodenwert_euro', 'Bodenwert (EUR)'],
];

function readForm(source: Record<string, unknown>): CalculationForm {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return Object.fromEntries(
    FORM_FIELDS.map((field) => [field, text(source[field])]),
  ) as CalculationForm;
}

export function calculationPage(web: WebLayer): Router {
  const router = Router();

  function page(req: Request, res: Response, extra: Record<string, unknown>, status = 200) {
    web.render(req, res, 'calculation', extra, status);
  }

  // Prefilled from the lookup page's link; nothing is calculated before the form is sent.
  router.get('/dashboard/umrechnung', web.requireLogin, (req, res) => {
    page(req, res, { form: readForm(req.query) });
  });

  router.post('/dashboard/umrechnung', web.requireLogin, ...web.forms, (req, res) => {
    const form = readForm(req.body as Record<string, unknown>);
    // An empty optional field is an absent one, as in a JSON body without it.
    const body = Object.fromEntries(Object.entries(form).filter(([, value]) => value !== ''));
    const input = parseBodenwertInput(body);
    if (!input.ok) {
      page(req, res, { form, error: input.error.message }, input.error.status);
      return;
    }
    const result = calculateBodenwert(input.value);
    page(req, res, {
      form,
      result,
      lines: RESULT_LABELS.filter(([key]) => result[key] !== undefined).map(([key, label]) => ({
        key,
        label,
        value: showValue(result[key]).text,
      })),
      chartSvg: densityChartSvg({
        gfzReferenz: result.gfz_referenz,
        gfzTatsaechlich: result.gfz_tatsaechlich,
      }),
    });
  });

  return router;
}
