// A loopback stand-in for the service's /api endpoints, answering exactly in
// the documented shapes, with switches for the failure modes the add-on must
// survive: 429 with Retry-After, 402 limit_reached, 503, slow answers.
// It runs in a child process (standInProcess.ts): the UrlFetchApp fake blocks
// the test process while the request runs, as Apps Script blocks the script.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MeResponse } from '../../../shared/src/index.js';
import { errorAnswer, lookupAnswer, type Answer } from './lookupFixtures.js';

export const VALID_KEY = 'brw_test_0123456789abcdef';
export const UPGRADE_URL = 'https://bodenrichtwert.example.de/konto/tarif';

export interface RecordedRequest {
  path: string;
  address: string | null;
  nutzungsart: string[];
  authorization: string | undefined;
}

/** The switches a test may set. */
export interface StandInSettings {
  /** Delay of every lookup answer in milliseconds. */
  delayMs: number;
  /** The next `count` lookups are answered 429 with this Retry-After. */
  rateLimit: { count: number; retryAfterSeconds: number };
  quotaExhausted: boolean;
  sourceDown: boolean;
}

export const DEFAULT_SETTINGS: StandInSettings = {
  delayMs: 0,
  rateLimit: { count: 0, retryAfterSeconds: 0 },
  quotaExhausted: false,
  sourceDown: false,
};

export const ME: MeResponse = {
  id: 'usr_0001',
  plan: 'starter',
  effective_plan: 'pro',
  usage_this_month: 17,
  limit: 100,
  quota_exhausted: false,
  upgrade_url: null,
  trial_expires_at: '2026-12-06T10:00:00.000Z',
  trial_usage: 17,
  trial_limit: 100,
  trial_active: true,
};

function send(res: ServerResponse, { status, body }: Answer, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function authError(req: IncomingMessage): Answer | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return errorAnswer(401, 'missing_token', 'Kein Token übermittelt.');
  if (header !== `Bearer ${VALID_KEY}`) {
    return errorAnswer(401, 'invalid_token', 'Token ungültig oder abgelaufen.');
  }
  return undefined;
}

function lookup(settings: StandInSettings, address: string | null, res: ServerResponse): void {
  if (settings.rateLimit.count > 0) {
    settings.rateLimit.count -= 1;
    const answer = errorAnswer(429, 'rate_limit_exceeded', 'Zu viele Anfragen.');
    send(res, answer, { 'retry-after': String(settings.rateLimit.retryAfterSeconds) });
  } else if (settings.quotaExhausted) {
    const body = {
      ...(errorAnswer(402, 'limit_reached', 'Das Kontingent ist aufgebraucht.').body as object),
      reason: 'trial_exhausted',
      upgrade_url: UPGRADE_URL,
    };
    send(res, { status: 402, body });
  } else if (settings.sourceDown) {
    send(res, errorAnswer(503, 'service_error', 'Die Datenquelle ist nicht erreichbar.'));
  } else if (address === null || address.trim() === '') {
    send(res, errorAnswer(400, 'missing_address', 'Der Parameter address fehlt.'));
  } else {
    send(res, lookupAnswer(address));
  }
}

export interface StandInServer {
  url: string;
  settings: StandInSettings;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function listenStandIn(): Promise<StandInServer> {
  const state = {
    url: '',
    settings: structuredClone(DEFAULT_SETTINGS),
    requests: [] as RecordedRequest[],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const address = url.searchParams.get('address');
    state.requests.push({
      path: url.pathname,
      address,
      nutzungsart: url.searchParams.getAll('nutzungsart'),
      authorization: req.headers.authorization,
    });
    const unauthorized = authError(req);
    if (unauthorized) return send(res, unauthorized);
    if (req.method === 'GET' && url.pathname === '/api/me') {
      return send(res, { status: 200, body: ME });
    }
    if (req.method === 'GET' && url.pathname === '/api/bodenrichtwert') {
      setTimeout(() => lookup(state.settings, address, res), state.settings.delayMs);
      return;
    }
    send(res, errorAnswer(404, 'not_found', 'Unbekannter Pfad.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
