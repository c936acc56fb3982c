// A loopback stand-in for the service's /api endpoints, answering exactly in
// the documented shapes, with switches for the failure modes the add-on must
// survive: 429 with Retry-After, 402 limit_reached, 503, slow answers.
// It runs in a child process (standInProcess.ts): the UrlFetchApp fake blocks
// the test process while the request runs, as Apps Script blocks the script.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flurstueckResponse } from '#server/parcels/countedParcel.js';
import type { BodenrichtwertResponse, MeResponse } from '#shared/index.js';
import { errorAnswer, lookupAnswer, type Answer } from './lookupFixtures.js';
import {
  immobilienrichtwertAnswer,
  liegenschaftszinsAnswer,
} from '../../support/marketDataAnswers.js';
import { MIXED_KENNZEICHEN, MIXED_PARCEL } from '../../support/parcelAnswers.js';

export const VALID_KEY = 'brw_test_0123456789abcdef';
export const UPGRADE_URL = 'https://bodenrichtwert.example.de/konto/tarif';

export interface RecordedRequest {
  path: string;
  /** The address of a single lookup; null otherwise. */
  address: string | null;
  /** The query of the request as sent ('' for none). */
  search: string;
  /** The addresses of a batch lookup; empty otherwise. */
  addresses: string[];
  nutzungsart: string[];
  authorization: string | undefined;
  /** The Prefer header (the batch's wait). */
  prefer: string | undefined;
}

/** The switches a test may set. */
export interface StandInSettings {
  /** Delay of every lookup answer in milliseconds; a batch takes it once per address. */
  delayMs: number;
  /** The next `count` lookups are answered 429 with this Retry-After. */
  rateLimit: { count: number; retryAfterSeconds: number };
  quotaExhausted: boolean;
  sourceDown: boolean;
  /**
   * A service slower than the batch's wait: only this many items of a batch
   * are ready, the rest answered pending (202, retry_after), as the service
   * does when Prefer: wait ends first. null: every item is ready.
   */
  readyPerBatch: number | null;
  /** The committees published newer values: every value 100 EUR/m² higher, stichtag 2027-01-01. */
  newerValues: boolean;
}

export const DEFAULT_SETTINGS: StandInSettings = {
  delayMs: 0,
  rateLimit: { count: 0, retryAfterSeconds: 0 },
  quotaExhausted: false,
  sourceDown: false,
  readyPerBatch: null,
  newerValues: false,
};

export const ME: MeResponse = {
  id: 'usr_0001',
  plan: 'starter',
  effective_plan: 'pro',
  usage_this_month: 17,
  distinct_lookups_this_month: 17,
  failed_lookups_this_month: 0,
  free_failed_lookups: 100,
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

/** The answer about one address, as a single lookup or an item of a batch gives it. */
function addressAnswer(settings: StandInSettings, address: string | null): Answer {
  if (settings.quotaExhausted) {
    const body = {
      ...(errorAnswer(402, 'limit_reached', 'Das Kontingent ist aufgebraucht.').body as object),
      reason: 'trial_exhausted',
      upgrade_url: UPGRADE_URL,
    };
    return { status: 402, body };
  }
  if (settings.sourceDown) {
    return errorAnswer(503, 'service_error', 'Die Datenquelle ist nicht erreichbar.');
  }
  if (address === null || address.trim() === '') {
    return errorAnswer(400, 'missing_address', 'Der Parameter address fehlt.');
  }
  const answer = lookupAnswer(address);
  if (!settings.newerValues || answer.status !== 200) return answer;
  const body = answer.body as BodenrichtwertResponse;
  const bodenrichtwerte = body.bodenrichtwerte.map((zone) => ({
    ...zone,
    brw_euro_pro_m2: zone.brw_euro_pro_m2 + 100,
    stichtag: '2027-01-01',
  }));
  return { status: 200, body: { ...body, bodenrichtwerte } };
}

/** 429 with Retry-After while the test's count lasts (the whole request, single or batch). */
function rateLimited(settings: StandInSettings, res: ServerResponse): boolean {
  if (settings.rateLimit.count <= 0) return false;
  settings.rateLimit.count -= 1;
  const answer = errorAnswer(429, 'rate_limit_exceeded', 'Zu viele Anfragen.');
  send(res, answer, { 'retry-after': String(settings.rateLimit.retryAfterSeconds) });
  return true;
}

function lookup(settings: StandInSettings, address: string | null, res: ServerResponse): void {
  if (!rateLimited(settings, res)) send(res, addressAnswer(settings, address));
}

/** POST /api/bodenrichtwert/batch: one item per address in input order (§2.2 + status, §2.6). */
function batch(settings: StandInSettings, addresses: string[], res: ServerResponse): void {
  if (rateLimited(settings, res)) return;
  const results = addresses.map((address, index) => {
    if (settings.readyPerBatch !== null && index >= settings.readyPerBatch) {
      return {
        status: 202,
        error: 'pending',
        message: 'Die Antwort wird noch ermittelt.',
        retry_after: 2,
        address_input: address,
      };
    }
    const { status, body } = addressAnswer(settings, address);
    return status === 200
      ? { ...(body as object), status }
      : { ...(body as object), address_input: address };
  });
  send(res, { status: 200, body: { results } });
}

async function readAddresses(req: IncomingMessage): Promise<string[]> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    const body = JSON.parse(text) as { addresses?: unknown };
    return Array.isArray(body.addresses) ? body.addresses.map(String) : [];
  } catch {
    return [];
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
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const address = url.searchParams.get('address');
    const addresses = req.method === 'POST' ? await readAddresses(req) : [];
    state.requests.push({
      path: url.pathname,
      address,
      search: url.search,
      addresses,
      nutzungsart: url.searchParams.getAll('nutzungsart'),
      authorization: req.headers.authorization,
      prefer: typeof req.headers.prefer === 'string' ? req.headers.prefer : undefined,
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
    if (req.method === 'POST' && url.pathname === '/api/bodenrichtwert/batch') {
      const delay = state.settings.delayMs * addresses.length;
      setTimeout(() => batch(state.settings, addresses, res), delay);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/immobilienrichtwert') {
      return send(res, immobilienrichtwertAnswer(url.searchParams, state.settings.newerValues));
    }
    if (req.method === 'GET' && url.pathname === '/api/liegenschaftszins') {
      return send(res, liegenschaftszinsAnswer(url.searchParams));
    }
    // One parcel by its Kennzeichen (test/support/parcelAnswers.ts), as GET /api/flurstueck answers it.
    if (req.method === 'GET' && url.pathname === '/api/flurstueck') {
      const parcel = flurstueckResponse(MIXED_PARCEL);
      return url.searchParams.get('kennzeichen') === MIXED_KENNZEICHEN
        ? send(res, { status: 200, body: { ...parcel, kennzeichen_input: MIXED_KENNZEICHEN } })
        : send(res, errorAnswer(404, 'parcel_not_found', 'Das Flurstück wurde nicht gefunden.'));
    }
    send(res, errorAnswer(404, 'not_found', 'Unbekannter Pfad.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
