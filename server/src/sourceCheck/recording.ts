// The files of `npm run sources:check -- --record DIR`: per state a folder
// DIR/<state>/ with
//   recording.json        the state, the point asked, when, the registry
//                         entry used (kind, options, fields) and the exchanges
//   <n>.request.json      one request as sent (method, URL, the headers that
//                         matter, body) and the answer's status and type
//   <n>.body.<ext>        the answer's body exactly as received
// An operator with internet hands the folders back; the source tests replay
// every folder under test/server/sources/fixtures/recorded/.
import { z } from 'zod';
import type { UpstreamBody, UpstreamRequest } from '../upstream/upstream.js';

export const RECORDING_FILE = 'recording.json';

export const recordedRequestSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.url(),
  headers: z.record(z.string(), z.string()).default({}),
  body: z.string().optional(),
  htmlIsData: z.boolean().optional(),
  response: z.object({ status: z.number().int(), contentType: z.string() }),
});

export type RecordedRequest = z.infer<typeof recordedRequestSchema>;

export const recordingSchema = z.object({
  state: z.string(),
  place: z.string(),
  point: z.object({ lat: z.number(), lon: z.number() }),
  /** ISO time of the recording: the replay's clock (it picks the data year). */
  recordedAt: z.iso.datetime(),
  /** The registry entry as it was used (without evidence and notes). */
  source: z
    .object({
      state: z.string(),
      name: z.string(),
      kind: z.string(),
      license: z.string(),
      owners: z.array(z.string()),
      sourceUrl: z.string(),
      fields: z.record(z.string(), z.unknown()),
      numberFormat: z.string().optional(),
      options: z.record(z.string(), z.unknown()),
    })
    .loose(),
  /** Per exchange in the order sent: its request file and its body file. */
  exchanges: z.array(z.object({ request: z.string(), body: z.string() })),
});

export type Recording = z.infer<typeof recordingSchema>;

export interface Exchange {
  request: UpstreamRequest;
  answer: UpstreamBody;
}

/** The file name extension for an answer's body, by its content type. */
export function bodyExtension(contentType: string): string {
  if (/json/i.test(contentType)) return 'json';
  if (/html/i.test(contentType)) return 'html';
  if (/xml|gml/i.test(contentType)) return 'xml';
  return 'txt';
}

export function recordedRequest(exchange: Exchange): RecordedRequest {
  const { request, answer } = exchange;
  return {
    method: request.method ?? 'GET',
    url: request.url,
    headers: { ...request.headers },
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.htmlIsData === undefined ? {} : { htmlIsData: request.htmlIsData }),
    response: { status: answer.status, contentType: answer.contentType },
  };
}
