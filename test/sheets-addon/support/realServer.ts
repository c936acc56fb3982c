// Starts realServerProcess.ts and answers with the server's URL and API key.
import { fork } from 'node:child_process';
import path from 'node:path';

export interface RealServer {
  url: string;
  token: string;
  /** usage_this_month of the account, from GET /api/me. */
  usage(): Promise<number>;
  close(): Promise<void>;
}

/** `main`: the child's entry (parcelServerProcess.ts: the parcel view's edges). */
export async function startRealServer(
  addressCount: number,
  main = 'realServerProcess.ts',
): Promise<RealServer> {
  const child = fork(path.join(import.meta.dirname, main), [String(addressCount)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string; token: string }));
    child.once('exit', (code) => reject(new Error(`real server process exited (${code})`)));
  });
  return {
    url,
    token,
    async usage() {
      const ask = () => fetch(`${url}/api/me`, { headers: { Authorization: `Bearer ${token}` } });
      // fetch reuses an idle keep-alive socket, which the server may close at
      // that very moment ("other side closed"); a GET is asked again, as HTTP
      // clients do for an idempotent request on a connection closed under them.
      const response = await ask().catch(ask);
      return ((await response.json()) as { usage_this_month: number }).usage_this_month;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
