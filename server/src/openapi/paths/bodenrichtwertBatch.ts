// POST /api/bodenrichtwert/batch in the OpenAPI document: up to
// MAX_BATCH_ADDRESSES single lookups in one request, answered in input order.
import { BATCH_BODY_LIMIT_BYTES, MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import { ErrorCode } from '#shared/errors.js';
import { batchRequestSchema } from '#shared/schemas/batchRequest.js';
import { formatField } from '#shared/schemas/lookupFields.js';
import { requestErrorCodes } from '#shared/schemas/requestIssues.js';
import { AUTH_ERROR_CODES, bearerSecurity, schemaRef, successHeaders } from '../components.js';
import { answer } from '../answers.js';
import { errorExample } from '../examples/errorExamples.js';
import { LOOKUP_ADDRESS_EXAMPLE, lookupExample } from '../examples/lookupExample.js';
import { jsonSchemaOf } from '../fromZod.js';
import type { OpenApiModule } from '../types.js';
import { both, lookupErrors } from './bodenrichtwert.js';

const UNKNOWN_ADDRESS = 'Nirgendwostraße 1, 99999 Nirgendwo';

const batchRequestExample = { addresses: [LOOKUP_ADDRESS_EXAMPLE, UNKNOWN_ADDRESS] };

const batchExample = {
  results: [
    { ...lookupExample, status: 200 },
    { ...errorExample(ErrorCode.addressNotFound), address_input: UNKNOWN_ADDRESS },
  ],
};

export const bodenrichtwertBatchApi: OpenApiModule = {
  paths: {
    '/api/bodenrichtwert/batch': {
      post: {
        operationId: 'getBodenrichtwertBatch',
        summary: `Amtliche Bodenrichtwerte an bis zu ${MAX_BATCH_ADDRESSES} Adressen`,
        description:
          'Jede Adresse wird genau so beantwortet wie von GET /api/bodenrichtwert: ein Element ' +
          'ist die vollständige Antwort plus "status": 200 oder der Fehlerinhalt plus ' +
          'address_input, in der Reihenfolge der Eingabe. Jedes Element zählt wie eine einzelne ' +
          'Abfrage gegen das Kontingent (nach Erreichen der Grenze 402 je Element; Fehler zählen ' +
          'nie; eine in diesem Monat schon beantwortete Abfrage ist frei); die Anfrage zählt ' +
          'einmal für die Ratenbegrenzung. Anfragen an jeden Landesdienst sind je Instanz ' +
          'begrenzt (SOURCE_MAX_CONCURRENCY). Die Anfrage läuft höchstens so lange, wie ' +
          '"Prefer: wait=N" erlaubt (RFC 7240; 1–60 s, ohne Angabe 25 s): dann antwortet sie mit ' +
          'den fertigen Elementen, jedes andere ist {"status": 202, "error": "pending", ' +
          '"retry_after": S, …} und wird im Hintergrund fertig ermittelt (gezählt einmal, wenn ' +
          'die Antwort vorliegt; erneutes Anfragen ist frei). Mit Prefer-Kopf trägt die Antwort ' +
          '"Preference-Applied: wait=N".',
        tags: ['Lookup'],
        security: bearerSecurity,
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            description: 'Antwortformat; "format" im Anfrageinhalt hat Vorrang.',
            schema: jsonSchemaOf(formatField()),
          },
          {
            name: 'Prefer',
            in: 'header',
            required: false,
            description:
              'wait=N (RFC 7240): so viele Sekunden (1–60, ohne Angabe 25) wartet die Anfrage ' +
              'auf ihre Elemente; die übrigen sind dann "pending".',
            schema: { type: 'string', example: 'wait=25' },
          },
        ],
        requestBody: {
          required: true,
          description: `Höchstens ${BATCH_BODY_LIMIT_BYTES} Bytes.`,
          content: {
            'application/json': {
              schema: schemaRef('BatchLookupRequest'),
              example: batchRequestExample,
            },
          },
        },
        responses: {
          '200': {
            description:
              'Ein Element je Adresse, in der Reihenfolge der Eingabe. XML: Wurzel `response`, ' +
              '`results` mit `result`-Elementen, jedes aufgebaut wie die einzelne Antwort.',
            headers: {
              ...successHeaders,
              'Preference-Applied': {
                description:
                  'wait=N, wenn die Anfrage "Prefer: wait" sandte (N nach der Begrenzung auf 1–60).',
                schema: { type: 'string' },
              },
            },
            content: both(schemaRef('BatchLookupResponse'), batchExample),
          },
          '400': lookupErrors(400, [
            ErrorCode.invalidJson,
            ...requestErrorCodes(batchRequestSchema),
          ]),
          '401': lookupErrors(401, AUTH_ERROR_CODES),
          '413': lookupErrors(413, [ErrorCode.payloadTooLarge]),
          '429': lookupErrors(429, [ErrorCode.rateLimitExceeded]),
          '500': lookupErrors(500, [ErrorCode.processingError]),
        },
      },
    },
  },
  schemas: {
    BatchLookupRequest: jsonSchemaOf(batchRequestSchema),
    BatchLookupResponse: answer('BatchLookupResponse'),
    BatchLookupItem: answer('BatchLookupItem'),
  },
};
