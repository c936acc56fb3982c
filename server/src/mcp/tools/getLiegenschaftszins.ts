// get_liegenschaftszins: GET /api/liegenschaftszins as an MCP tool. The same
// validation and the same counted answer as the REST route; the text names
// the rate, its spread and sales, the model it was derived in, the committee,
// the credit and the disclaimer, because whoever shows the rate must show
// them too (§ 10 ImmoWertV: apply it in the same model).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode } from '#shared/errors.js';
import type { LiegenschaftszinsResponse } from '#shared/schemas/liegenschaftszinsAnswer.js';
import {
  liegenschaftszinsRequestSchema,
  parseLiegenschaftszinsRequest,
} from '#shared/schemas/liegenschaftszinsRequest.js';
import { objektartList } from '#shared/objektarten.js';
import { liegenschaftszins, type LiegenschaftszinsDeps } from '../../lookup/liegenschaftszins.js';
import { toolCallerOf } from '../authInfo.js';
import { germanNumber } from '../germanNumbers.js';
import { runTool, toolSuccess } from '../toolResult.js';
import { toolInputSchema } from './toolInput.js';

const inputSchema = toolInputSchema(liegenschaftszinsRequestSchema, {
  address: 'Adresse in Deutschland mit Straße, Hausnummer, Postleitzahl und Ort.',
  objektart: `Objektart als Kürzel oder deutscher Name: ${objektartList()}.`,
  stichtag:
    'Optionaler Wertermittlungsstichtag JJJJ-MM-TT: der jüngste Jahrgang mit Stichtag an ' +
    'oder vor diesem Tag. Ohne Angabe der jüngste.',
});

export function registerGetLiegenschaftszins(server: McpServer, deps: LiegenschaftszinsDeps): void {
  server.registerTool(
    'get_liegenschaftszins',
    {
      title: 'Liegenschaftszinssatz abfragen',
      description:
        'Liefert zu einer Adresse und einer Objektart den Liegenschaftszinssatz des ' +
        'zuständigen Gutachterausschusses mit Standardabweichung, Zahl der Kauffälle und dem ' +
        'Modell der Ableitung (Gesamt- und Restnutzungsdauer, Bewirtschaftungskosten, Miete); ' +
        'offen verfügbar nur in Nordrhein-Westfalen. Zählt wie eine Abfrage. Quellenangabe ' +
        'und Hinweis der Antwort müssen bei jeder Wiedergabe mit angezeigt werden.',
      inputSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args, extra) =>
      runTool(deps.logger, ErrorCode.processingError, async () => {
        const params = parseLiegenschaftszinsRequest(
          { address: args.address, objektart: args.objektart, stichtag: args.stichtag },
          deps.lookup.today(),
        );
        if (!params.ok) throw params.error;
        const caller = toolCallerOf(extra.authInfo, extra.signal);
        const response = await liegenschaftszins(deps, caller, params.value);
        return toolSuccess(summarize(response), response);
      }),
  );
}

function summarize(r: LiegenschaftszinsResponse): string {
  const m = r.modell;
  const part = (label: string, value: number | undefined, unit: string) =>
    value === undefined ? [] : [`${label} ${germanNumber(value)}${unit}`];
  const model = [
    ...part('Gesamtnutzungsdauer', m.gesamtnutzungsdauer, ' Jahre'),
    ...part('Restnutzungsdauer', m.restnutzungsdauer, ' Jahre'),
    ...part('Bewirtschaftungskosten', m.bewirtschaftungskosten, ' %'),
    ...part('Miete', m.miete, ' €/m²'),
    ...part('Kaufpreis', m.kaufpreis_pro_m2, ' €/m²'),
    ...part('Objektgröße', m.objektgroesse, ' m²'),
  ];
  const spread = [
    ...part('Standardabweichung', r.standardabweichung, ' %-Punkte'),
    ...(r.anzahl_kauffaelle === undefined ? [] : [`${r.anzahl_kauffaelle} Kauffälle`]),
  ];
  return [
    `Liegenschaftszinssatz ${r.objektart} an ${r.address_resolved}: ` +
      `${germanNumber(r.liegenschaftszinssatz)} % (Berichtsjahr ${r.jahr}, Stichtag ${r.stichtag})` +
      (spread.length === 0 ? '' : `, ${spread.join(', ')}`),
    `Gutachterausschuss: ${r.gutachterausschuss}`,
    `Modell: ${m.name}${model.length === 0 ? '' : ` (${model.join(', ')})`}`,
    `Quelle: ${r.attribution.text}, ${r.attribution.source_url} (Lizenz: ${r.attribution.license_url})`,
    `Hinweis: ${r.disclaimer}`,
  ].join('\n');
}
