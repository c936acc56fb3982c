// get_flurstueck: GET /api/flurstueck (issue 34) as an MCP tool. The same
// validation and the same counted parcel answer as the REST route; the text
// names the parcel, each zone's share, the land value per use, the credits
// and the disclaimer, because whoever shows the values must show them too.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode } from '#shared/errors.js';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import {
  flurstueckRequestSchema,
  parseFlurstueckRequest,
} from '#shared/schemas/flurstueckRequest.js';
import {
  countedParcel,
  flurstueckResponse,
  type CountedParcelDeps,
} from '../../parcels/countedParcel.js';
import type { ParcelValuation } from '../../parcels/parcelValuation.js';
import { toolCallerOf } from '../authInfo.js';
import { germanNumber } from '../germanNumbers.js';
import { runTool, toolSuccess } from '../toolResult.js';
import { STICHTAG_DESCRIPTION } from './getBodenrichtwert.js';
import { toolInputSchema } from './toolInput.js';

export type FlurstueckToolDeps = CountedParcelDeps & {
  parcelValuation: Pick<ParcelValuation, 'value' | 'today'>;
};

const inputSchema = toolInputSchema(flurstueckRequestSchema, {
  address:
    'Adresse in Deutschland mit Straße, Hausnummer, Postleitzahl und Ort; das Flurstück am ' +
    'Punkt der Adresse. Entweder address oder kennzeichen.',
  kennzeichen:
    'Flurstückskennzeichen (20 Zeichen, z. B. "05329001100085______"; Berlin 18 Zeichen). ' +
    'Entweder address oder kennzeichen.',
  nutzungsart:
    'Optionaler Filter auf Nutzungsarten (W, M, G, S, L, F, SO); ohne Filter alle Zonen ' +
    'auf dem Flurstück.',
  gfz:
    'Optionale GFZ des Grundstücks als Text ("1,2"): je Zone mit wertrelevanter GFZ der ' +
    'umgerechnete Bodenwert. Eine andere GFZ zählt nicht erneut.',
  stichtag: STICHTAG_DESCRIPTION,
});

export function registerGetFlurstueck(server: McpServer, deps: FlurstueckToolDeps): void {
  server.registerTool(
    'get_flurstueck',
    {
      title: 'Flurstück bewerten',
      description:
        'Liefert zu einer Adresse oder einem Flurstückskennzeichen das Flurstück aus dem ' +
        'amtlichen Liegenschaftskataster (amtliche Fläche, Geometrie), jede ' +
        'Bodenrichtwertzone auf dem Flurstück mit ihrem Flächenanteil und je Nutzungsart den ' +
        'Bodenwert (Σ Fläche × Bodenrichtwert). Zählt wie eine Abfrage, dasselbe Flurstück ' +
        'einmal im Monat. Quellenangabe und Hinweis der Antwort müssen bei jeder Wiedergabe ' +
        'mit angezeigt werden.',
      inputSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args, extra) =>
      runTool(deps.logger, ErrorCode.processingError, async () => {
        const params = parseFlurstueckRequest(
          {
            address: args.address,
            kennzeichen: args.kennzeichen,
            nutzungsart: args.nutzungsart,
            gfz: args.gfz,
            stichtag: args.stichtag,
          },
          deps.parcelValuation.today(),
        );
        if (!params.ok) throw params.error;
        const caller = toolCallerOf(extra.authInfo, extra.signal);
        const response = flurstueckResponse(await countedParcel(deps, caller, params.value));
        return toolSuccess(summarize(response), response);
      }),
  );
}

const euro = (value: number) => `${germanNumber(value)} €`;
const squareMetres = (value: number) => `${germanNumber(value)} m²`;

function summarize(r: FlurstueckResponse): string {
  const f = r.flurstueck;
  const number = f.nenner === undefined ? `${f.zaehler}` : `${f.zaehler}/${f.nenner}`;
  const where = [
    `Gemarkung ${f.gemarkung.name ?? f.gemarkung.nummer}`,
    ...(f.flur === undefined ? [] : [`Flur ${f.flur}`]),
    `Flurstück ${number}`,
  ].join(', ');
  const zones = r.zonen.map(
    (z) =>
      `- ${z.code} ${z.nutzungsart}${z.bodenrichtwertnummer ? ` (Nr. ${z.bodenrichtwertnummer})` : ''}: ` +
      `${euro(z.brw_euro_pro_m2)}/m² auf ${squareMetres(z.anteil_flaeche_m2)} ` +
      `(${germanNumber(z.anteil * 100, 1)} %, Stichtag ${z.stichtag})`,
  );
  const values = r.bodenwert.map(
    (v) =>
      `- ${v.code} ${v.nutzungsart}: ${euro(v.bodenwert_euro)} auf ${squareMetres(v.flaeche_m2)}` +
      (v.bodenwert_gfz_euro === undefined ? '' : `, GFZ-umgerechnet ${euro(v.bodenwert_gfz_euro)}`),
  );
  return [
    `Flurstück ${f.kennzeichen} (${where}), amtliche Fläche ${squareMetres(f.amtliche_flaeche_m2)}` +
      (f.nutzung === undefined ? '' : `, Nutzung ${f.nutzung}`),
    'Zonen auf dem Flurstück:',
    ...zones,
    `Anteile: ${r.anteile.text}`,
    'Bodenwert je Nutzungsart:',
    ...values,
    ...(r.hinweis === undefined ? [] : [`Achtung: ${r.hinweis}`]),
    `Quelle: ${r.attribution.text}, ${r.attribution.source_url} (Lizenz: ${r.attribution.license_url}); Kataster: ${f.datensatz.text}, abgerufen am ${r.abgerufen_am}`,
    `Hinweis: ${r.disclaimer}`,
  ].join('\n');
}
