// Slow and piling clients (issue 20): a body dripped into /oauth/token kept
// its socket open for 185 s. The server of `npm start` (createHttpServer)
// now ends a request that is not complete within HTTP_REQUEST_TIMEOUT_MS
// (headers within at most 10 s) with 408, closes idle keep-alive sockets
// after HTTP_KEEP_ALIVE_TIMEOUT_MS and holds at most HTTP_MAX_CONNECTIONS
// sockets. Small limits here; the bounds are generous for a loaded machine.
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.js';
import { createHttpServer } from '#server/http/httpServer.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

const LIMITS = { requestTimeoutMs: 1000, keepAliveTimeoutMs: 500, maxConnections: 4 };
/** The timeout, Node's check interval (1 s) and room for a loaded machine. */
const CLOSE_BOUND_MS = LIMITS.requestTimeoutMs + 1000 + 2000;

let service: TestServer;
let server: Server;
let port: number;

beforeAll(async () => {
  service = await startTestServer();
  server = createHttpServer(LIMITS, createApp(service.ctx));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await service.close();
});

interface Watched {
  socket: Socket;
  /** Resolves with what the server sent and when it closed the socket. */
  closed: Promise<{ text: string; ms: number }>;
}

function open(): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => socket.destroy());
    const closed = new Promise<{ text: string; ms: number }>((done) =>
      socket.on('close', () =>
        done({ text: Buffer.concat(chunks).toString('latin1'), ms: performance.now() - started }),
      ),
    );
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes `piece` every 200 ms until the socket closes. */
function drip(socket: Socket, piece: string): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) clearInterval(timer);
    else socket.write(piece);
  }, 200);
  socket.on('close', () => clearInterval(timer));
}

describe('slow clients', () => {
  it('answers a body dripped into /oauth/token with 408 and closes the socket', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n',
    );
    drip(socket, 'a');
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(CLOSE_BOUND_MS);
  });

  it('closes a socket whose headers never end', async () => {
    const { socket, closed } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    drip(socket, 'X-Slow: 1\r\n');
    const { text, ms } = await closed;
    expect(text).toMatch(/^(HTTP\/1\.1 408 |$)/);
    expect(ms).toBeLessThan(CLOSE_BOUND_MS);
  });

  it('closes an idle keep-alive socket after the keep-alive timeout', async () => {
    const { socket, closed } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(ms).toBeGreaterThanOrEqual(LIMITS.keepAliveTimeoutMs - 50);
    // Node closes idle sockets on its own timer, some time after the timeout.
    expect(ms).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1000 + 2000);
  });
});

describe('piling connections', () => {
  it('closes connections beyond HTTP_MAX_CONNECTIONS on arrival and takes new ones once some end', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => open()));
    // Each sends half a request, so none is idle and none is done.
    for (const { socket } of held) socket.write('GET /healthz HTTP/1.1\r\n');

    const extra = await open();
    const refused = await extra.closed;
    expect(refused.text).toBe('');
    expect(refused.ms).toBeLessThan(2000);

    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});
