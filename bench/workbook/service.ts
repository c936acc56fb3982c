// Starts serviceProcess.ts and reads the account's charged lookups from /api/me.
import { fork } from 'node:child_process';
import path from 'node:path';
import type { MeResponse } from '#shared/index.js';

export interface WorkbookServiceSettings {
  addresses: number;
  geocoderMs: number;
  sourceMs: number;
  concurrency: number;
  /** The column's addresses are official house coordinates the service holds. */
  official: boolean;
  /** A zone set covering the official addresses is imported too (needs `official`). */
  zones: boolean;
  /** GEOCODER_MIN_INTERVAL_MS: 0 as for a self-hosted geocoder, 1000 at the public Nominatim's pace. */
  geocoderIntervalMs: number;
}

export interface UpstreamCalls {
  geocoder: number;
  landValue: number;
}

export interface WorkbookService {
  url: string;
  token: string;
  addresses: string[];
  /** Lookups charged this month (usage_this_month). */
  charged(): Promise<number>;
  /** Requests the geocoder fake and the state service fake (land values) have answered so far. */
  upstreamCalls(): Promise<UpstreamCalls>;
  close(): Promise<void>;
}

export async function startWorkbookService(
  settings: WorkbookServiceSettings,
): Promise<WorkbookService> {
  const args = [
    settings.addresses,
    settings.geocoderMs,
    settings.sourceMs,
    settings.concurrency,
    settings.geocoderIntervalMs,
  ];
  const argv = [
    ...args.map(String),
    ...(settings.official ? ['official'] : []),
    ...(settings.official && settings.zones ? ['zones'] : []),
  ];
  const child = fork(path.join(import.meta.dirname, 'serviceProcess.ts'), argv, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started = await new Promise<{ url: string; token: string; addresses: string[] }>(
    (resolve, reject) => {
      child.once('message', (message) => resolve(message as typeof started));
      child.once('exit', (code) => reject(new Error(`bench service exited (${code})`)));
    },
  );
  return {
    ...started,
    async charged() {
      const response = await fetch(`${started.url}/api/me`, {
        headers: { Authorization: `Bearer ${started.token}` },
      });
      return ((await response.json()) as MeResponse).usage_this_month;
    },
    upstreamCalls: () =>
      new Promise<UpstreamCalls>((resolve) => {
        child.once('message', (message) => resolve(message as UpstreamCalls));
        child.send('upstreamCalls');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
