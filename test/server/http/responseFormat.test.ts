// A JSON answer sent as written text carries what res.json would send: the
// same status, headers (in the same order) and body, for a plain GET and for
// the requests res.send treats apart.
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJsonText } from '#server/http/responseFormat.js';

const LONG = { text: 'Bodenrichtwert äöü '.repeat(80), values: [1, 2.5, null] };
const SHORT = { status: 'ok' };

interface Answer {
  status: number | undefined;
  headers: string[];
  body: string;
}

function ask(port: number, path: string, method: string, headers: IncomingHttpHeaders) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ port, path, method, headers: headers as never }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        // The raw pairs in order, the date aside (it moves with the clock).
        const pairs: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]?.toLowerCase() !== 'date') {
            pairs.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
        }
        resolve({ status: res.statusCode, headers: pairs, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a JSON answer sent as text', () => {
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.set('etag', false);
    for (const [name, body] of Object.entries({ long: LONG, short: SHORT })) {
      app.get(`/json/${name}`, (_req, res) => {
        res.status(200).json(body);
      });
      app.get(`/text/${name}`, (_req, res) => {
        sendJsonText(res, 200, JSON.stringify(body));
      });
    }
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
  });

  it.each([
    ['GET', {}],
    ['HEAD', {}],
    ['GET', { 'if-none-match': '*' }],
    ['GET', { 'if-modified-since': 'Wed, 02 Dec 2026 10:00:00 GMT' }],
  ])('answers %s %j as res.json does', async (method, headers) => {
    for (const name of ['long', 'short']) {
      const json = await ask(port, `/json/${name}`, method, headers);
      const text = await ask(port, `/text/${name}`, method, headers);
      expect(text).toEqual(json);
    }
  });

  it('tells the length in bytes of a text with umlauts', async () => {
    const text = await ask(port, '/text/long', 'GET', {});
    expect(text.headers).toContain(`Content-Length: ${Buffer.byteLength(JSON.stringify(LONG))}`);
    expect(text.body).toBe(JSON.stringify(LONG));
  });
});
