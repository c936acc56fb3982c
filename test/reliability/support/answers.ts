// What every answer to hostile input must look like: a documented status
// with the documented error body (JSON, or well-formed XML when asked), and
// nothing of the server's insides.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '#shared/errors.js';
import { expectValidResponse } from '../../support/openapi.js';

/** Traces of internals that must never reach a client. */
const INTERNALS = [
  /\n\s+at .+:\d+:\d+/, // a stack frame
  /node_modules/,
  /\/work\/main|\.[jt]s:\d+/, // source paths
  /Sequelize\w*Error|SQLITE_|ER_[A-Z_]+|ECONNREFUSED|TypeError|ReferenceError|SyntaxError/,
];

/** Characters XML 1.0 does not allow, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/u;

/** The forms an input can take when an answer quotes it back: as sent, XML-escaped, JSON-escaped. */
function quotedForms(input: string): string[] {
  const xml = input
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
  return [input, xml, JSON.stringify(input).slice(1, -1)];
}

/**
 * `echoes` are the values the client sent: an error message may quote them
 * („…“), and a random input can hold what looks like an internal ("ER_D" in
 * "%ER_Dz0"). A trace that lies inside a quoted input is the client's own.
 */
export function expectNoInternals(text: string, echoes: readonly string[] = []): void {
  const quoted = echoes.flatMap(quotedForms);
  for (const pattern of INTERNALS) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    const leaks = [...text.matchAll(global)]
      .map((m) => m[0])
      .filter((trace) => !quoted.some((echo) => echo.includes(trace)));
    expect(leaks, `answer leaks internals (${String(pattern)}): ${text}`).toEqual([]);
  }
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const xmlParser = new XMLParser({ parseTagValue: false });

/**
 * Node's HTTP parser refuses what is not HTTP before the app sees it: 400
 * for broken syntax, 431 for more than 16 KB of request line and headers,
 * always with an empty body. docs/reliability.md documents this.
 */
export function isProtocolRejection(answer: Answer): boolean {
  return (
    (answer.status === 400 || answer.status === 431) && answer.text === '' && !answer.contentType
  );
}

/** Checks one answer of a documented API operation; returns its error code, if any. */
export function expectDocumentedAnswer(
  method: string,
  pathTemplate: string,
  answer: Answer,
  echoes: readonly string[] = [],
): string | undefined {
  expect(answer.status, `${method} ${pathTemplate} answered 500: ${answer.text}`).not.toBe(500);
  expectNoInternals(answer.text, echoes);
  if (isProtocolRejection(answer)) return 'http_parser';
  if (answer.contentType.startsWith('application/xml')) return expectXmlAnswer(answer);
  expect(answer.contentType).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { error?: string };
  expectValidResponse(method, pathTemplate, answer.status, body);
  if (answer.status >= 400) expectErrorCode(body.error, answer.status);
  return body.error;
}

function expectXmlAnswer(answer: Answer): string | undefined {
  expect(answer.text, 'XML answer holds characters XML 1.0 forbids').not.toMatch(NOT_XML_CHAR);
  expect(XMLValidator.validate(answer.text)).toBe(true);
  const tree = xmlParser.parse(answer.text) as { response?: { error?: string; status?: string } };
  expect(tree.response).toBeDefined();
  if (answer.status < 400) return undefined;
  expectErrorCode(tree.response?.error, answer.status);
  expect(tree.response?.status).toBe(String(answer.status));
  return tree.response?.error;
}

function expectErrorCode(code: string | undefined, status: number): void {
  expect(code, 'error body without a code').toBeDefined();
  expect(ERROR_STATUS[code as ErrorCode], `unknown error code ${String(code)}`).toBe(status);
}

/** Reads a fetch answer into the shape the checks take. */
export async function readAnswer(res: Response): Promise<Answer> {
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    text: await res.text(),
  };
}
