// The MCP server with its six tools. Stateless: the route builds a fresh
// one for every request (the SDK refuses to reuse a stateless transport).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import type { CountedLookupDeps } from '../lookup/countedLookup.js';
import { API_VERSION } from '../config/packageVersion.js';
import { registerCalculateBodenwert } from './tools/calculateBodenwert.js';
import { registerGetBodenrichtwert } from './tools/getBodenrichtwert.js';
import { registerGetBodenrichtwertBatch } from './tools/getBodenrichtwertBatch.js';
import { registerGetFlurstueck, type FlurstueckToolDeps } from './tools/getFlurstueck.js';
import {
  registerGetImmobilienrichtwert,
  type ImmobilienrichtwertToolDeps,
} from './tools/getImmobilienrichtwert.js';
import { registerGetLiegenschaftszins } from './tools/getLiegenschaftszins.js';
import type { LiegenschaftszinsDeps } from '../lookup/liegenschaftszins.js';

const INSTRUCTIONS =
  'Amtliche Bodenrichtwerte in Deutschland: get_bodenrichtwert liefert die Werte an einer ' +
  `Adresse, get_bodenrichtwert_batch die Werte an bis zu ${MAX_BATCH_ADDRESSES} Adressen auf einmal, ` +
  'calculate_bodenwert rechnet einen Bodenrichtwert auf die Geschossflächenzahl ' +
  'eines Grundstücks um und berechnet den Bodenwert, get_flurstueck bewertet ein Flurstück ' +
  '(amtliche Fläche, jede Zone darauf mit ihrem Anteil, Bodenwert je Nutzungsart), ' +
  'get_immobilienrichtwert liefert die Immobilienrichtwerte an einer Adresse in ' +
  'Nordrhein-Westfalen, get_liegenschaftszins den Liegenschaftszinssatz des ' +
  'Gutachterausschusses für eine Objektart mit seinem Modell. Zeigen Sie bei jeder Wiedergabe der ' +
  'Werte die Quellenangabe und den Hinweis der Antwort mit an; Bodenrichtwerte sind kein ' +
  'Verkehrswert.';

/**
 * The tools this server registers, by name: a call of any other is refused
 * before the SDK answers it (in English, as a tool result).
 */
export const MCP_TOOL_NAMES: ReadonlySet<string> = new Set([
  'get_bodenrichtwert',
  'get_bodenrichtwert_batch',
  'get_flurstueck',
  'get_immobilienrichtwert',
  'get_liegenschaftszins',
  'calculate_bodenwert',
]);

export function buildMcpServer(
  deps: CountedLookupDeps &
    FlurstueckToolDeps &
    ImmobilienrichtwertToolDeps &
    LiegenschaftszinsDeps,
): McpServer {
  const server = new McpServer(
    { name: 'bodenrichtwert', title: 'Bodenrichtwert-Service', version: API_VERSION },
    { instructions: INSTRUCTIONS },
  );
  registerGetBodenrichtwert(server, deps);
  registerGetBodenrichtwertBatch(server, deps);
  registerGetFlurstueck(server, deps);
  registerGetImmobilienrichtwert(server, deps);
  registerGetLiegenschaftszins(server, deps);
  registerCalculateBodenwert(server, deps.logger);
  return server;
}
