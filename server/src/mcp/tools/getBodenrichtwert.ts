// get_bodenrichtwert: GET /api/bodenrichtwert (§4.1) as an MCP tool. The
// same validation and the same counted lookup as the REST route (one count
// per successful answer); the text names the attribution and the disclaimer
// because whoever shows the values must show them too.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { BodenrichtwertEntry, BodenrichtwertResponse } from '#shared/apiTypes.js';
import { ENTRY_FIELDS } from '#shared/entryFields.js';
import { ErrorCode } from '#shared/errors.js';
import { lookupRequestSchema, parseLookupRequest } from '#shared/schemas/lookupRequest.js';
import { currencyFacts } from '#shared/client/currencyLine.js';
import { describeGeocoding } from '#shared/texts.js';
import { countedLookup, type CountedLookupDeps } from '../../lookup/countedLookup.js';
import { toolCallerOf } from '../authInfo.js';
import { germanNumber } from '../germanNumbers.js';
import { runTool, toolSuccess } from '../toolResult.js';
import { toolInputSchema } from './toolInput.js';

/** The reference date of a lookup, the same in the single and the batch tool. */
export const STICHTAG_DESCRIPTION =
  'Optionaler Wertermittlungsstichtag JJJJ-MM-TT (z. B. "2022-01-01"): je Zone der Wert ' +
  'des letzten Stichtags an oder vor diesem Tag. Ohne Angabe die aktuellen Werte.';

const inputSchema = toolInputSchema(lookupRequestSchema, {
  address:
    'Vollständige Adresse in Deutschland mit Straße, Hausnummer, Postleitzahl und Ort, ' +
    'z. B. "Georgstraße 10, 30159 Hannover".',
  nutzungsart:
    'Optionaler Filter auf Nutzungsarten: W Wohnbaufläche, M Gemischte Baufläche, ' +
    'G Gewerbliche Baufläche, S Sonderbaufläche, L Landwirtschaftliche Fläche, ' +
    'F Forstwirtschaftliche Fläche, SO Sonstige Fläche. Ohne Filter kommen alle ' +
    'Nutzungsarten an der Adresse.',
  stichtag: STICHTAG_DESCRIPTION,
});

export function registerGetBodenrichtwert(server: McpServer, deps: CountedLookupDeps): void {
  server.registerTool(
    'get_bodenrichtwert',
    {
      title: 'Bodenrichtwert abfragen',
      description:
        'Liefert die amtlichen Bodenrichtwerte (Euro pro m²) der Gutachterausschüsse an einer ' +
        'deutschen Adresse, je Nutzungsart mit Stichtag und Zone. Jede erfolgreiche Abfrage ' +
        'zählt gegen das monatliche Kontingent. Quellenangabe und Hinweis der Antwort müssen ' +
        'bei jeder Wiedergabe der Werte mit angezeigt werden.',
      inputSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args, extra) =>
      runTool(deps.logger, ErrorCode.processingError, async () => {
        const params = parseLookupRequest(
          { address: args.address, nutzungsart: args.nutzungsart, stichtag: args.stichtag },
          deps.lookup.today(),
        );
        if (!params.ok) throw params.error;
        const caller = toolCallerOf(extra.authInfo, extra.signal);
        const response = await countedLookup(deps, caller, params.value);
        return toolSuccess(summarize(response), response);
      }),
  );
}

/**
 * The fields the table names in the text: the zone's name first, as a report
 * cites a zone ("Zone Mitte, Nr. 12"), then the others in the table's order.
 */
const NAMED_FIELDS = ENTRY_FIELDS.filter((field) => 'mcp' in field).sort(
  (a, b) => Number(b.name === 'zonenbezeichnung') - Number(a.name === 'zonenbezeichnung'),
);

const shown = (value: string | number) => (typeof value === 'number' ? germanNumber(value) : value);

/**
 * ", Zone Mitte", ", Ackerzahl 55", or ", Ackerzahl 65 bis 70" for a published
 * range; nothing where the entry does not publish the field.
 */
function namedField(e: BodenrichtwertEntry, { name, kind, mcp }: (typeof NAMED_FIELDS)[number]) {
  const prefix = mcp ? `${mcp} ` : '';
  const value = e[name];
  if (value !== undefined && value !== '') return `, ${prefix}${shown(value)}`;
  if (kind !== 'range') return '';
  const [min, max] = [e[`${name}_min`], e[`${name}_max`]];
  if (min === undefined || max === undefined) return '';
  return `, ${prefix}${germanNumber(min)} bis ${germanNumber(max)}`;
}

function summarize(r: BodenrichtwertResponse): string {
  const entries = r.bodenrichtwerte.map((e) => {
    const named = NAMED_FIELDS.map((field) => namedField(e, field)).join('');
    return (
      `- ${e.code} ${e.nutzungsart}: ${germanNumber(e.brw_euro_pro_m2)} €/m² ` +
      `(Stichtag ${e.stichtag}, ${e.gemeinde}${named})`
    );
  });
  const { lat, lon } = r.coordinates;
  return [
    `Bodenrichtwerte für ${r.address_resolved} (${germanNumber(lat, 6)}, ${germanNumber(lon, 6)}):`,
    describeGeocoding(r.geocoding),
    ...entries,
    `Aktualität: ${currencyFacts(r.aktualitaet)}`,
    ...(r.hinweis === undefined ? [] : [`Achtung: ${r.hinweis}`]),
    ...(r.hinweise ?? []).map((text) => `Achtung: ${text}`),
    `Quelle: ${r.attribution.text}, ${r.attribution.source_url} (Lizenz: ${r.attribution.license_url}), abgerufen am ${r.abgerufen_am}`,
    `Hinweis: ${r.disclaimer}`,
  ].join('\n');
}
