// The OpenAPI 3.1 description of the whole service (§4.5, §9), composed of
// one module per feature. Add a feature by adding its module to MODULES. The
// version is the package's; limits and error codes come from the code.
import { API_VERSION } from '../config/packageVersion.js';
import { answer } from './answers.js';
import { securitySchemes } from './components.js';
import { bodenrichtwertApi } from './paths/bodenrichtwert.js';
import { bodenrichtwertBatchApi } from './paths/bodenrichtwertBatch.js';
import { bodenwertApi } from './paths/bodenwert.js';
import { flurstueckApi } from './paths/flurstueck.js';
import { immobilienrichtwertApi } from './paths/immobilienrichtwert.js';
import { liegenschaftszinsApi } from './paths/liegenschaftszins.js';
import { mcpApi } from './paths/mcp.js';
import { meApi } from './paths/me.js';
import { oauthApi } from './paths/oauth.js';
import { systemApi } from './paths/system.js';
import type { JsonObject, OpenApiModule } from './types.js';

const MODULES: readonly OpenApiModule[] = [
  meApi,
  bodenrichtwertApi,
  bodenrichtwertBatchApi,
  flurstueckApi,
  immobilienrichtwertApi,
  liegenschaftszinsApi,
  bodenwertApi,
  mcpApi,
  oauthApi,
  systemApi,
];

export function createOpenApiDocument(baseUrl: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const schemas: Record<string, JsonObject> = { ErrorBody: answer('ErrorBody') };
  for (const module of MODULES) {
    Object.assign(paths, module.paths);
    Object.assign(schemas, module.schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bodenrichtwert API',
      version: API_VERSION,
      description:
        'Amtliche Bodenrichtwerte zu einer Adresse und die Umrechnung eines Bodenrichtwerts ' +
        'auf eine andere Geschossflächenzahl (GFZ). Jeder /api/*-Endpunkt braucht ein ' +
        'Bearer-Token: einen API-Schlüssel, ein OAuth-2.0-Zugriffstoken oder ein ' +
        'Client-Credentials-Token.\n\n' +
        `**API-Schlüssel:** im [Dashboard](${baseUrl}/dashboard/keys) anlegen (Konto unter ` +
        `[${baseUrl}/signup](${baseUrl}/signup)), dann oben „Authorize“ wählen und den ` +
        'Schlüssel eintragen. Fehler antworten mit {error, message, status}.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }, { tokenQuery: [] }],
    tags: [
      { name: 'Lookup', description: 'Bodenrichtwerte abfragen (zählt gegen das Kontingent)' },
      { name: 'Calculation', description: 'GFZ-Umrechnung und Bodenwert (zählt nie)' },
      { name: 'Account', description: 'Tarif und Verbrauch' },
      { name: 'OAuth', description: 'Anmeldung für Apps (OAuth 2.0)' },
      { name: 'MCP', description: 'Model Context Protocol für KI-Assistenten' },
      { name: 'Service', description: 'Betrieb und diese Beschreibung' },
    ],
    paths,
    components: { schemas, securitySchemes },
  };
}
