// Synchronous HTTP for the UrlFetchApp fake. Apps Script blocks the script
// while UrlFetchApp runs; Node cannot block on a socket, so a worker thread
// performs the requests (concurrently, like fetchAll) while the test thread
// waits on Atomics.wait. The requests really reach the loopback server.
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';

export interface SyncRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export type SyncAnswer =
  | { ok: true; status: number; headers: Record<string, string>; body: string }
  | { ok: false; error: string };

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { signal, port } = workerData;
port.on('message', async (requests) => {
  const answers = await Promise.all(requests.map(async ({ url, method, headers, body }) => {
    try {
      const response = await fetch(url, { method, headers, body });
      return { ok: true, status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
    } catch (error) {
      return { ok: false, error: String(error.cause?.code ?? error.message) };
    }
  }));
  port.postMessage(answers);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

let channel: { signal: Int32Array; port: MessagePort } | undefined;

function connect(): { signal: Int32Array; port: MessagePort } {
  if (channel) return channel;
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { signal, port: port2 },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();
  channel = { signal, port: port1 };
  return channel;
}

export function fetchAllSync(requests: readonly SyncRequest[]): SyncAnswer[] {
  const { signal, port } = connect();
  Atomics.store(signal, 0, 0);
  port.postMessage(requests);
  if (Atomics.wait(signal, 0, 0, 60_000) === 'timed-out') {
    throw new Error('fetchAllSync: no answer within 60 s');
  }
  const received = receiveMessageOnPort(port);
  if (received === undefined) throw new Error('fetchAllSync: worker signalled without an answer');
  return received.message as SyncAnswer[];
}
