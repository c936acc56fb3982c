// The test side of the stand-in service: starts the child process and sends it
// control messages. Every call is asynchronous, which is why tests await them
// between (synchronous) custom-function calls.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { RecordedRequest, StandInSettings } from './standInService.js';

type Control =
  { type: 'set'; settings: Partial<StandInSettings> } | { type: 'reset' } | { type: 'requests' };

export type ControlMessage = Control & { id: number };

export interface StandInService {
  url: string;
  set(settings: Partial<StandInSettings>): Promise<void>;
  /** Back to the default switches, and forgets the recorded requests. */
  reset(): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  /** The addresses of the lookups received so far (single and batch), in arrival order. */
  lookups(): Promise<string[]>;
  /** The address lists of the batch requests received so far. */
  batches(): Promise<string[][]>;
  close(): Promise<void>;
}

type Reply = { id: number; value: unknown };

export async function startStandInService(): Promise<StandInService> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'standInProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (value: unknown) => void>();
  child.on('message', (reply: Reply) => {
    waiting.get(reply.id)?.(reply.value);
    waiting.delete(reply.id);
  });
  const reply = (id: number) => new Promise<unknown>((resolve) => waiting.set(id, resolve));
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`stand-in service exited (${code})`)));
  });
  const url = (await Promise.race([reply(0), exited])) as string;

  let nextId = 1;
  const send = async (message: Control): Promise<unknown> => {
    const id = nextId++;
    const answer = reply(id);
    child.send({ ...message, id });
    return answer;
  };
  const requests = async () => (await send({ type: 'requests' })) as RecordedRequest[];
  return {
    url,
    set: async (settings) => {
      await send({ type: 'set', settings });
    },
    reset: async () => {
      await send({ type: 'reset' });
    },
    requests,
    lookups: async () =>
      (await requests()).flatMap((r) => (r.address === null ? r.addresses : [r.address])),
    batches: async () =>
      (await requests())
        .filter((r) => r.path === '/api/bodenrichtwert/batch')
        .map((r) => r.addresses),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
