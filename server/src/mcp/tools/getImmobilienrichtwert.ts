// get_immobilienrichtwert: GET /api/immobilienrichtwert as an MCP tool. The
// same validation and the same counted answer as the REST route; the text
// names each Immobilienrichtwert with its reference object and conversion
// document, the credit and the disclaimer, because whoever shows the values
// must show them too.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode } from '#shared/errors.js';
import type {
  ImmobilienrichtwertItem,
  ImmobilienrichtwertResponse,
} from '#shared/immobilienrichtwert.js';
import {
  immobilienrichtwertRequestSchema,
  parseImmobilienrichtwertRequest,
} from '#shared/schemas/immobilienrichtwertRequest.js';
import type { LookupService } from '../../lookup/lookupService.js';
import {
  countedImmobilienrichtwert,
  type CountedIrwDeps,
} from '../../marketData/countedImmobilienrichtwert.js';
import { toolCallerOf } from '../authInfo.js';
import { germanNumber } from '../germanNumbers.js';
import { runTool, toolSuccess } from '../toolResult.js';
import { toolInputSchema } from './toolInput.js';

export type ImmobilienrichtwertToolDeps = CountedIrwDeps & { lookup: Pick<LookupService, 'today'> };

const inputSchema = toolInputSchema(immobilienrichtwertRequestSchema, {
  address:
    'Adresse in Nordrhein-Westfalen mit Straße, Hausnummer, Postleitzahl und Ort ' +
    '(andere Länder veröffentlichen keine offenen Immobilienrichtwerte).',
  teilmarkt:
    'Optionaler Teilmarkt als Code oder Name, z. B. "3" oder "Eigentumswohnungen"; ohne ' +
    'Angabe alle Teilmärkte am Standort.',
  stichtag:
    'Optionaler Stichtag JJJJ-MM-TT: je Teilmarkt der Wert des letzten Stichtags an oder ' +
    'vor diesem Tag. Ohne Angabe die aktuellen Werte.',
});

export function registerGetImmobilienrichtwert(
  server: McpServer,
  deps: ImmobilienrichtwertToolDeps,
): void {
  server.registerTool(
    'get_immobilienrichtwert',
    {
      title: 'Immobilienrichtwerte abfragen',
      description:
        'Liefert zu einer Adresse in Nordrhein-Westfalen jeden Immobilienrichtwert (€/m² ' +
        'Wohnfläche eines Normobjekts, je Teilmarkt) mit Stichtag, den Merkmalen des ' +
        'Normobjekts und dem Dokument des Gutachterausschusses mit den ' +
        'Umrechnungskoeffizienten. Der Wert gilt wie veröffentlicht; die Umrechnung auf ein ' +
        'Objekt ist Sache des Sachverständigen (§ 10 ImmoWertV). Zählt wie eine Abfrage. ' +
        'Quellenangabe und Hinweis der Antwort müssen bei jeder Wiedergabe mit angezeigt werden.',
      inputSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args, extra) =>
      runTool(deps.logger, ErrorCode.processingError, async () => {
        const params = parseImmobilienrichtwertRequest(
          { address: args.address, teilmarkt: args.teilmarkt, stichtag: args.stichtag },
          deps.lookup.today(),
        );
        if (!params.ok) throw params.error;
        const { format: _format, ...request } = params.value;
        const caller = toolCallerOf(extra.authInfo, extra.signal);
        const response = await countedImmobilienrichtwert(deps, caller, request);
        return toolSuccess(summarize(response), response);
      }),
  );
}

function referenceObject(item: ImmobilienrichtwertItem): string {
  const area = item.grundstuecksflaeche;
  const parts = [
    item.baujahr === undefined ? undefined : `Baujahr ${item.baujahr}`,
    item.wohnflaeche === undefined ? undefined : `Wohnfläche ${germanNumber(item.wohnflaeche)} m²`,
    area === undefined
      ? undefined
      : typeof area === 'number'
        ? `Grundstück ${germanNumber(area)} m²`
        : `Grundstück ${germanNumber(area.von)}–${germanNumber(area.bis)} m²`,
    item.wohnlage === undefined ? undefined : `Wohnlage ${item.wohnlage}`,
    item.gebaeudestandard === undefined ? undefined : `Standard ${item.gebaeudestandard}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? '' : ` (Normobjekt: ${parts.join(', ')})`;
}

function summarize(r: ImmobilienrichtwertResponse): string {
  const items = r.immobilienrichtwerte.map(
    (item) =>
      `- ${item.teilmarkt}: ${germanNumber(item.immobilienrichtwert)} €/m² Wohnfläche, ` +
      `Stichtag ${item.stichtag}${referenceObject(item)}` +
      (item.umrechnung.dokument_url === undefined
        ? ''
        : `; Umrechnungskoeffizienten: ${item.umrechnung.dokument_url}`),
  );
  const committee = r.immobilienrichtwerte.find((i) => i.gutachterausschuss)?.gutachterausschuss;
  return [
    `Immobilienrichtwerte an ${r.address_resolved}:`,
    ...items,
    ...(committee === undefined ? [] : [`Beschlossen vom ${committee}.`]),
    r.immobilienrichtwerte[0]?.umrechnung.text ?? '',
    `Quelle: ${r.attribution.text}, ${r.attribution.source_url} (Lizenz: ${r.attribution.license_url})`,
    `Hinweis: ${r.disclaimer}`,
  ].join('\n');
}
