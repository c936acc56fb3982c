// calculate_bodenwert: POST /api/bodenwert (§4.2) as an MCP tool. Same
// inputs (numbers also as text with a decimal comma), same validation and
// error codes, same result; never counts against the quota.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { BodenwertResponse } from '#shared/apiTypes.js';
import { parseBodenwertInput } from '#shared/bodenwertInput.js';
import { calculateBodenwert } from '#shared/density.js';
import { ErrorCode } from '#shared/errors.js';
import { bodenwertRequestSchema } from '#shared/schemas/bodenwertRequest.js';
import type { Logger } from '../../logging/logger.js';
import { germanNumber } from '../germanNumbers.js';
import { runTool, toolSuccess } from '../toolResult.js';
import { toolInputSchema } from './toolInput.js';

const decimal = (description: string) =>
  `${description} Als Zahl oder als Text mit Punkt oder Komma als Dezimaltrennzeichen (z. B. "0,8").`;

const inputSchema = toolInputSchema(bodenwertRequestSchema, {
  brw: decimal('Bodenrichtwert in Euro pro m², größer oder gleich 0.'),
  gfz_referenz: decimal(
    'Geschossflächenzahl (GFZ) des Bodenrichtwertgrundstücks (Referenz-GFZ), größer als 0.',
  ),
  gfz_tatsaechlich: decimal(
    'Tatsächliche oder zulässige GFZ des zu bewertenden Grundstücks, größer als 0.',
  ),
  flaeche: decimal(
    'Grundstücksfläche in m², größer als 0 (optional). Mit Fläche wird der Bodenwert in Euro berechnet.',
  ),
  hinterland_flaeche_m2: decimal(
    'Fläche des Hinterlands in m², größer als 0 und kleiner als „flaeche“ (optional, nur zusammen mit „hinterland_faktor“ und „flaeche“).',
  ),
  hinterland_faktor: decimal(
    'Wertfaktor des Hinterlands relativ zum Vorderland, 0 bis 1 (optional, nur zusammen mit „hinterland_flaeche_m2“).',
  ),
});

export function registerCalculateBodenwert(server: McpServer, logger: Logger): void {
  server.registerTool(
    'calculate_bodenwert',
    {
      title: 'Bodenwert berechnen',
      description:
        'Rechnet einen Bodenrichtwert mit der amtlichen Standardformel (GFZ-Umrechnung) auf die ' +
        'Geschossflächenzahl eines Grundstücks um und berechnet mit Fläche den Bodenwert, ' +
        'optional aufgeteilt in Vorder- und Hinterland. Reine Berechnung ohne Adresssuche; ' +
        'zählt nicht gegen das Abfragekontingent.',
      inputSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(logger, ErrorCode.internalServerError, () => {
        const input = parseBodenwertInput(args);
        if (!input.ok) throw input.error;
        const result = calculateBodenwert(input.value);
        return toolSuccess(summarize(result), result);
      }),
  );
}

function summarize(r: BodenwertResponse): string {
  const lines = [
    `Umgerechneter Bodenrichtwert: ${germanNumber(r.bodenrichtwert_tatsaechlich_euro_pro_m2)} €/m² ` +
      `(${germanNumber(r.brw_input_euro_pro_m2)} €/m² × Faktor ${germanNumber(r.faktor, 4)}; ` +
      `GFZ ${germanNumber(r.gfz_referenz, 4)} → ${germanNumber(r.gfz_tatsaechlich, 4)}).`,
  ];
  if (r.bodenwert_euro !== undefined && r.grundstuecksflaeche_m2 !== undefined) {
    lines.push(
      `Bodenwert: ${germanNumber(r.bodenwert_euro)} € für ${germanNumber(r.grundstuecksflaeche_m2)} m².`,
    );
  }
  const split = splitLine(r);
  if (split) lines.push(split);
  lines.push(`Formel: ${r.formel}`);
  if (r.hinweis) lines.push(`Hinweis: ${r.hinweis}`);
  lines.push(r.disclaimer);
  return lines.join('\n');
}

function splitLine(r: BodenwertResponse): string | undefined {
  const { vorderland_flaeche_m2: frontArea, vorderland_wert_euro: frontValue } = r;
  const { hinterland_flaeche_m2: rearArea, hinterland_faktor: rearFactor } = r;
  const { hinterland_wert_euro: rearValue } = r;
  if (
    frontArea === undefined ||
    frontValue === undefined ||
    rearArea === undefined ||
    rearFactor === undefined ||
    rearValue === undefined
  ) {
    return undefined;
  }
  return (
    `Davon Vorderland ${germanNumber(frontArea)} m²: ${germanNumber(frontValue)} €; ` +
    `Hinterland ${germanNumber(rearArea)} m² × Faktor ${germanNumber(rearFactor, 4)}: ` +
    `${germanNumber(rearValue)} €.`
  );
}
