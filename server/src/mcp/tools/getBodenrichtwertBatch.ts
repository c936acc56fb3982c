// get_bodenrichtwert_batch: POST /api/bodenrichtwert/batch as an MCP tool.
// The same validation, the same batch use case (each address one counted
// lookup, repetitions this month free) and the same per-source bounds; the
// text lists one line per address and every source's attribution once.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MAX_BATCH_ADDRESSES, type BatchLookupItem } from '#shared/apiTypes.js';
import { ErrorCode } from '#shared/errors.js';
import { batchRequestSchema, parseBatchRequest } from '#shared/schemas/batchRequest.js';
import { LOOKUP_DISCLAIMER } from '#shared/texts.js';
import { batchLookup } from '../../lookup/batchLookup.js';
import type { CountedLookupDeps } from '../../lookup/countedLookup.js';
import { toolCallerOf } from '../authInfo.js';
import { germanNumber } from '../germanNumbers.js';
import { runTool, toolSuccess } from '../toolResult.js';
import { STICHTAG_DESCRIPTION } from './getBodenrichtwert.js';
import { toolInputSchema } from './toolInput.js';

const inputSchema = toolInputSchema(batchRequestSchema, {
  addresses:
    `1 bis ${MAX_BATCH_ADDRESSES} vollständige Adressen in Deutschland mit Straße, ` +
    'Hausnummer, Postleitzahl und Ort.',
  nutzungsart: 'Optionaler Filter auf Nutzungsarten (W, M, G, S, L, F, SO) für alle Adressen.',
  stichtag: STICHTAG_DESCRIPTION,
});

export function registerGetBodenrichtwertBatch(server: McpServer, deps: CountedLookupDeps): void {
  server.registerTool(
    'get_bodenrichtwert_batch',
    {
      title: 'Bodenrichtwerte für viele Adressen abfragen',
      description:
        `Wie get_bodenrichtwert, aber für bis zu ${MAX_BATCH_ADDRESSES} Adressen in einem ` +
        'Aufruf; die Ergebnisse kommen in der Reihenfolge der Adressen, je Adresse die Werte ' +
        'oder ein Fehler. Jede neue erfolgreiche Abfrage zählt gegen das monatliche ' +
        'Kontingent; dieselbe Abfrage im selben Monat noch einmal zählt nicht. ' +
        'Quellenangaben und Hinweis müssen bei jeder Wiedergabe der Werte mit angezeigt werden.',
      inputSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args, extra) =>
      runTool(deps.logger, ErrorCode.processingError, async () => {
        const params = parseBatchRequest(
          { addresses: args.addresses, nutzungsart: args.nutzungsart, stichtag: args.stichtag },
          'json',
          deps.lookup.today(),
        );
        if (!params.ok) throw params.error;
        const caller = toolCallerOf(extra.authInfo, extra.signal);
        const results = await batchLookup(deps, caller, params.value.entries);
        return toolSuccess(summarize(results), { results });
      }),
  );
}

function summarize(results: readonly BatchLookupItem[]): string {
  const lines = results.map((item, index) => {
    const head = `${index + 1}. ${item.address_input}`;
    if (!('bodenrichtwerte' in item)) return `${head}: Fehler ${item.error} – ${item.message}`;
    const values = item.bodenrichtwerte.map(
      (e) => `${e.code} ${germanNumber(e.brw_euro_pro_m2)} €/m² (Stichtag ${e.stichtag})`,
    );
    return `${head}: ${values.join('; ')}`;
  });
  const sources = new Set(
    results.flatMap((item) =>
      'attribution' in item
        ? [
            `${item.attribution.text}, ${item.attribution.source_url} (Lizenz: ${item.attribution.license_url})`,
          ]
        : [],
    ),
  );
  return [
    ...lines,
    ...[...sources].map((source) => `Quelle: ${source}`),
    `Hinweis: ${LOOKUP_DISCLAIMER}`,
  ].join('\n');
}
