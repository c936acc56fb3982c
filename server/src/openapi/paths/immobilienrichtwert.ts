// GET /api/immobilienrichtwert in the OpenAPI document.
import { immobilienrichtwertRequestSchema } from '#shared/schemas/immobilienrichtwertRequest.js';
import { answer } from '../answers.js';
import { immobilienrichtwertExample } from '../examples/immobilienrichtwertExample.js';
import type { OpenApiModule } from '../types.js';
import { addressGet } from './bodenrichtwert.js';

export const immobilienrichtwertApi: OpenApiModule = {
  paths: {
    '/api/immobilienrichtwert': {
      get: {
        operationId: 'getImmobilienrichtwert',
        summary: 'Immobilienrichtwerte an einer Adresse (Nordrhein-Westfalen)',
        description:
          'Jeder Immobilienrichtwert am Punkt der Adresse (€/m² Wohnfläche eines Normobjekts, ' +
          'je Teilmarkt), wie veröffentlicht, mit den Merkmalen des Normobjekts und dem Dokument ' +
          'des Gutachterausschusses mit den Umrechnungskoeffizienten; die Umrechnung auf das ' +
          'Bewertungsobjekt ist Sache des Sachverständigen (§ 10 ImmoWertV). Offene Daten gibt ' +
          'es nur für Nordrhein-Westfalen (Datenlizenz Deutschland – Zero – Version 2.0): ' +
          'andere Länder und ein Dienst ohne eingelesene Immobilienrichtwerte antworten 451. ' +
          'Zählt wie eine Abfrage (dieselbe Adresse, derselbe Teilmarkt und Stichtag einmal im ' +
          'Monat).',
        ...addressGet(immobilienrichtwertRequestSchema, {
          description: 'Die Immobilienrichtwerte am Standort',
          schema: 'ImmobilienrichtwertResponse',
          example: immobilienrichtwertExample,
        }),
      },
    },
  },
  schemas: { ImmobilienrichtwertResponse: answer('ImmobilienrichtwertResponse') },
};
