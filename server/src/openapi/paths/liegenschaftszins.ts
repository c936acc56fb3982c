// GET /api/liegenschaftszins in the OpenAPI document.
import { liegenschaftszinsRequestSchema } from '#shared/schemas/liegenschaftszinsRequest.js';
import { answer } from '../answers.js';
import { liegenschaftszinsExample } from '../examples/liegenschaftszinsExample.js';
import type { OpenApiModule } from '../types.js';
import { addressGet } from './bodenrichtwert.js';

export const liegenschaftszinsApi: OpenApiModule = {
  paths: {
    '/api/liegenschaftszins': {
      get: {
        operationId: 'getLiegenschaftszins',
        summary: 'Liegenschaftszinssatz des zuständigen Gutachterausschusses für eine Objektart',
        description:
          'Verortet die Adresse wie eine Bodenrichtwert-Abfrage, bestimmt den Gutachterausschuss ' +
          'der Bodenrichtwertzone am Punkt und antwortet mit seinem Liegenschaftszinssatz für die ' +
          'Objektart: Satz in Prozent, Standardabweichung, Zahl der Kauffälle und die ' +
          'Modellgrößen der Ableitung (Gesamt- und Restnutzungsdauer, Bewirtschaftungskosten, ' +
          'Miete, Kaufpreis/m², Objektgröße), damit der Satz im selben Modell angewendet werden ' +
          'kann (§ 10 ImmoWertV). Offen veröffentlicht nur Nordrhein-Westfalen ' +
          '(Grundstücksmarktdaten NRW, dl-de/zero-2.0); andere Länder: 451. Zählt wie eine ' +
          'Abfrage.',
        ...addressGet(liegenschaftszinsRequestSchema, {
          description: 'Der Liegenschaftszinssatz mit Modell und Quellenvermerk',
          schema: 'LiegenschaftszinsResponse',
          example: liegenschaftszinsExample,
        }),
      },
    },
  },
  schemas: { LiegenschaftszinsResponse: answer('LiegenschaftszinsResponse') },
};
