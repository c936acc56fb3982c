// Hostile bytes below what fetch lets a client send: broken percent
// encodings, control characters and non-ASCII bytes in the request line and
// headers, doubled headers, lying content lengths and encodings. Node's
// parser may refuse non-HTTP (400/431, empty body); everything else is the
// app's documented error shape, never a 500.
import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLookupHarness, type LookupHarness } from '../support/lookupHarness.js';
import { expectDocumentedAnswer, expectNoInternals } from './support/answers.js';
import { FigureBook } from './support/figures.js';
import { fuzzOptions } from './support/profile.js';
import { rawRequest, type RawAnswer } from './support/rawHttp.js';

const figures = new FigureBook('raw-protocol');
let h: LookupHarness;

beforeAll(async () => {
  h = await startLookupHarness();
});
afterAll(async () => {
  figures.write();
  await h.close();
});

const asAnswer = (raw: RawAnswer) => ({
  status: raw.status,
  contentType: raw.headers['content-type'] ?? '',
  text: raw.body,
});

async function post(headers: string, body: Buffer | string): Promise<RawAnswer> {
  return rawRequest(
    h.server.url,
    `POST /api/bodenwert HTTP/1.1\r\nAuthorization: Bearer ${h.account.token}\r\n${headers}`,
    body,
  );
}

const VALID = JSON.stringify({ brw: 100, gfz_referenz: 1, gfz_tatsaechlich: 1 });

describe('raw protocol abuse', () => {
  it('answers a body with a content encoding that does not decode with 400 invalid_json', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const answer = await post(
        `Content-Type: application/json\r\nContent-Encoding: ${encoding}`,
        '{"brw": 1}',
      );
      figures.answer(answer.status);
      expect(answer.status, `${encoding}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_json', status: 400 });
    }
  });

  it('reads a correctly compressed body and refuses one unsupported encoding with 400', async () => {
    const gzip = await post(
      'Content-Type: application/json\r\nContent-Encoding: gzip',
      gzipSync(VALID),
    );
    const deflate = await post(
      'Content-Type: application/json\r\nContent-Encoding: deflate',
      deflateSync(VALID),
    );
    const unknown = await post('Content-Type: application/json\r\nContent-Encoding: zstd', VALID);
    for (const answer of [gzip, deflate, unknown]) figures.answer(answer.status);
    expect(gzip.status).toBe(200);
    expect(deflate.status).toBe(200);
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toMatchObject({ error: 'invalid_json' });
  });

  it('refuses a compressed body that inflates beyond 16 kB with 413 (no zip bomb)', async () => {
    const bomb = gzipSync(JSON.stringify({ brw: 1, pad: 'x'.repeat(5_000_000) }));
    const answer = await post('Content-Type: application/json\r\nContent-Encoding: gzip', bomb);
    figures.answer(answer.status);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'payload_too_large' });
  });

  it('answers doubled Authorization and Content-Type headers without a 500', async () => {
    const doubled = [
      `Content-Type: application/json\r\nContent-Type: text/plain`,
      `Content-Type: application/json\r\nAuthorization: Bearer other`,
      `Content-Type: application/json; charset=utf-8; charset=latin1`,
    ];
    for (const headers of doubled) {
      const answer = asAnswer(await post(headers, VALID));
      figures.answer(answer.status);
      expectDocumentedAnswer('POST', '/api/bodenwert', answer);
    }
  });

  it('answers arbitrary bytes in the query string, path and headers without a 500', async () => {
    const bytes = fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .map((array) => Buffer.from(array).toString('latin1'));
    const placement = fc.constantFrom('query', 'path', 'header', 'token');
    await fc.assert(
      fc.asyncProperty(bytes, placement, async (junk, where) => {
        const target =
          where === 'query'
            ? `/api/bodenrichtwert?address=${junk}&token=${h.account.token}`
            : where === 'path'
              ? `/api/${junk}`
              : '/api/bodenrichtwert?address=x';
        const header =
          where === 'header'
            ? `Authorization: Bearer ${h.account.token}\r\nX-Junk: ${junk}`
            : `Authorization: Bearer ${where === 'token' ? junk : h.account.token}`;
        const raw = await rawRequest(h.server.url, `GET ${target} HTTP/1.1\r\n${header}`);
        figures.answer(raw.status);
        expect(raw.status, raw.body).not.toBe(500);
        expect(raw.status).toBeGreaterThanOrEqual(200);
        expectNoInternals(raw.body);
      }),
      fuzzOptions(250, 5000),
    );
  });

  it('refuses Content-Length together with Transfer-Encoding (request smuggling) with 400', async () => {
    const answer = await rawRequest(
      h.server.url,
      'POST /api/bodenwert HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked',
      '5\r\n{"brw\r\n0\r\n\r\n',
    );
    figures.answer(answer.status);
    expect(answer.status).toBe(400);
  });

  it('is still healthy afterwards', async () => {
    const res = await fetch(`${h.server.url}/healthz`);
    expect(res.status).toBe(200);
  });
});
