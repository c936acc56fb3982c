// Sends bytes to the server exactly as given, bypassing the validation of
// fetch and node:http, so tests can send what real attackers send: control
// characters in the request line, broken encodings, doubled headers.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** `Content-Length` and `Connection: close` are added; the answer is read to the end. */
export function rawRequest(
  url: string,
  head: string,
  body: Buffer | string = '',
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  const { port } = new URL(url);
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const request = Buffer.concat([
    Buffer.from(
      `${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: ${payload.length}\r\n\r\n`,
      'latin1',
    ),
    payload,
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(head.slice(0, 80))}`));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after a complete answer (the server closing a bad request) is fine.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

function parseAnswer(raw: Buffer): RawAnswer {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  if (split === -1) throw new Error(`incomplete answer: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status, headers, body };
}

function unchunk(body: string): string {
  let out = '';
  let rest = Buffer.from(body, 'utf8');
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (!size) return out;
    out += rest.subarray(lineEnd + 2, lineEnd + 2 + size).toString('utf8');
    rest = rest.subarray(lineEnd + 4 + size);
  }
}
