// A loopback stand-in for the service's /api, answering with exactly the shapes of
// the interface specification (§2.2 lookup, §2.5 profile, §2.6 errors) until the
// real server can serve lookups in these tests. It checks the bearer token,
// records every request, and can be told per address to fail, rate-limit or hang.
// GET /api/flurstueck answers the two parcels of test/support/parcelAnswers.ts
// by Kennzeichen, any other with parcel_not_found. It also serves a built
// add-in directory under /excel/, as the server will.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll } from 'vitest';
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { flurstueckResponse } from '#server/parcels/countedParcel.js';
import {
  ERROR_STATUS,
  LOOKUP_DISCLAIMER,
  buildAttribution,
  type BodenrichtwertEntry,
  type BodenrichtwertResponse,
  type ErrorBody,
  type ErrorCode,
  type MeResponse,
} from '#shared/index.js';
import {
  MIXED_KENNZEICHEN,
  MIXED_PARCEL,
  SPLIT_KENNZEICHEN,
  SPLIT_PARCEL,
} from '../../support/parcelAnswers.js';
import {
  immobilienrichtwertAnswer,
  liegenschaftszinsAnswer,
} from '../../support/marketDataAnswers.js';

/** The query as the answers of marketDataAnswers.ts read it. */
const searchOf = (query: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([name, value]): [string, string][] =>
      typeof value === 'string' ? [[name, value]] : [],
    ),
  );

export type Scenario =
  | { kind: 'found'; entries: BodenrichtwertEntry[]; owner?: string; hinweis?: string }
  | { kind: 'error'; code: ErrorCode; message: string; extra?: Partial<ErrorBody> }
  | { kind: 'malformed' }
  | { kind: 'hang' }
  /** Answers 429 with this Retry-After `times` times, then plays `then`. */
  | { kind: 'rateLimited'; times: number; retryAfter: string; then: Scenario }
  /** A batch item the service is still working on `times` times, then `then`. */
  | { kind: 'pending'; times: number; retryAfter: number; then: Scenario };

export interface RecordedRequest {
  path: string;
  /** The address of a single lookup; null otherwise. */
  address: string | null;
  /** The addresses of a batch lookup; empty otherwise. */
  addresses: string[];
  authorization: string | undefined;
  /** The Prefer header (the batch's wait). */
  prefer: string | undefined;
  at: number;
}

export interface StandInApi {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  me: MeResponse;
  setScenario(address: string, scenario: Scenario): void;
  /** The committees published newer Immobilienrichtwerte (100 EUR/m² higher). */
  setNewerMarketValues(on: boolean): void;
  /** Requests that asked for the address, single or in a batch. */
  lookupsOf(address: string): RecordedRequest[];
  /** The batch requests received so far. */
  batches(): RecordedRequest[];
  close(): Promise<void>;
}

export const STAND_IN_KEY = 'brw_test_5f3c9a1e7d2b4c6a';

export const entry = (fields: Partial<BodenrichtwertEntry> = {}): BodenrichtwertEntry => ({
  nutzungsart: 'Wohnbaufläche',
  code: 'W',
  brw_euro_pro_m2: 450,
  stichtag: '2024-01-01',
  gemeinde: 'Berlin',
  gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in Berlin',
  bodenrichtwertnummer: '01100123',
  zonenbezeichnung: 'Mitte W',
  wertrel_geschossflaechenzahl: 1.2,
  ...fields,
});

export const defaultMe = (): MeResponse => ({
  id: 'usr_7',
  plan: 'free',
  effective_plan: 'pro',
  usage_this_month: 12,
  distinct_lookups_this_month: 12,
  failed_lookups_this_month: 0,
  free_failed_lookups: 100,
  limit: 100,
  quota_exhausted: false,
  upgrade_url: null,
  trial_expires_at: '2026-12-05T10:00:00Z',
  trial_usage: 12,
  trial_limit: 100,
  trial_active: true,
});

function lookupBody(
  address: string,
  scenario: { entries: BodenrichtwertEntry[]; owner?: string; hinweis?: string },
) {
  const body: BodenrichtwertResponse = {
    address_input: address,
    address_resolved: `${address}, Deutschland`,
    coordinates: { lat: 52.517, lon: 13.389 },
    geocoding: { source: 'geocoder', match: 'geocoder' },
    bodenrichtwerte: scenario.entries,
    cache_hit: false,
    abgerufen_am: '2026-11-20T09:30:00.000Z',
    attribution: buildAttribution({
      owners: [scenario.owner ?? 'Gutachterausschuss für Grundstückswerte in Berlin'],
      year: 2024,
      sourceUrl: 'https://fbinter.stadt-berlin.de/fb/',
    }),
    ...(scenario.hinweis === undefined ? {} : { hinweis: scenario.hinweis }),
    aktualitaet: {
      stichtag: '2024-01-01',
      ...(scenario.hinweis === undefined ? {} : { hinweis: scenario.hinweis }),
    },
    disclaimer: LOOKUP_DISCLAIMER,
  };
  return body;
}

function errorBody(code: ErrorCode, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { error: code, message, status: ERROR_STATUS[code], ...extra };
}

export async function startStandInApi(staticDir?: string): Promise<StandInApi> {
  const scenarios = new Map<string, Scenario>();
  const requests: RecordedRequest[] = [];
  const app = express();
  const state = { me: defaultMe(), newerMarketValues: false };

  if (staticDir !== undefined) app.use('/excel', express.static(staticDir));

  app.use('/api', express.json());
  app.use('/api', (req, res, next) => {
    const address = typeof req.query['address'] === 'string' ? req.query['address'] : null;
    const body = req.body as { addresses?: unknown } | undefined;
    requests.push({
      path: req.baseUrl + req.path,
      address,
      addresses: Array.isArray(body?.addresses) ? body.addresses.map(String) : [],
      authorization: req.headers.authorization,
      prefer: req.get('prefer'),
      at: Date.now(),
    });
    const header = req.headers.authorization;
    if (header === undefined) {
      res.status(401).json(errorBody('missing_token', 'Kein Zugangstoken übermittelt.'));
    } else if (header !== `Bearer ${STAND_IN_KEY}`) {
      res.status(401).json(errorBody('invalid_token', 'Token ungültig oder abgelaufen.'));
    } else next();
  });

  app.get('/api/me', (_req, res) => {
    res.json(state.me);
  });

  app.get('/api/bodenrichtwert', (req, res) => {
    const address = typeof req.query['address'] === 'string' ? req.query['address'] : '';
    if (address === '') {
      res.status(400).json(errorBody('missing_address', 'Der Parameter address fehlt.'));
      return;
    }
    const play = (scenario: Scenario | undefined): void => {
      if (scenario === undefined) {
        res
          .status(404)
          .json(errorBody('address_not_found', 'Die Adresse konnte nicht gefunden werden.'));
      } else if (scenario.kind === 'found') {
        res.json(lookupBody(address, scenario));
      } else if (scenario.kind === 'error') {
        const body = errorBody(scenario.code, scenario.message, scenario.extra);
        res.status(body.status).json(body);
      } else if (scenario.kind === 'malformed') {
        res.type('text/html').send('<html><body>Wartung</body></html>');
      } else if (scenario.kind === 'rateLimited') {
        if (scenario.times === 0) return play(scenario.then);
        scenario.times--;
        res
          .status(429)
          .set('Retry-After', scenario.retryAfter)
          .json(errorBody('rate_limit_exceeded', 'Zu viele Anfragen.'));
      }
      // 'hang': never answer; close() drops the connection.
    };
    play(scenarios.get(address));
  });

  const parcels = new Map([
    [MIXED_KENNZEICHEN, flurstueckResponse(MIXED_PARCEL)],
    [SPLIT_KENNZEICHEN, flurstueckResponse(SPLIT_PARCEL)],
  ]);
  const market = (answer: { status: number; body: unknown }, res: express.Response) =>
    res.status(answer.status).json(answer.body);
  app.get('/api/immobilienrichtwert', (req, res) => {
    market(immobilienrichtwertAnswer(searchOf(req.query), state.newerMarketValues), res);
  });
  app.get('/api/liegenschaftszins', (req, res) => {
    market(liegenschaftszinsAnswer(searchOf(req.query)), res);
  });

  app.get('/api/flurstueck', (req, res) => {
    const parcel = parcels.get(String(req.query['kennzeichen']));
    if (parcel === undefined) {
      res.status(404).json(errorBody('parcel_not_found', 'Das Flurstück wurde nicht gefunden.'));
    } else res.json({ ...parcel, kennzeichen_input: parcel.flurstueck.kennzeichen });
  });

  // The batch endpoint: one item per address in input order; what concerns the
  // whole request (429, a hang, a proxy's HTML page) is played for the batch.
  app.post('/api/bodenrichtwert/batch', (req, res) => {
    const addresses = (req.body as { addresses: string[] }).addresses;
    const scenarioOf = (address: string) => scenarios.get(address);
    const limited = addresses.map(scenarioOf).find((s) => s?.kind === 'rateLimited');
    if (limited?.kind === 'rateLimited' && limited.times > 0) {
      limited.times--;
      res
        .status(429)
        .set('Retry-After', limited.retryAfter)
        .json(errorBody('rate_limit_exceeded', 'Zu viele Anfragen.'));
      return;
    }
    const settled = (scenario: Scenario | undefined): Scenario | undefined =>
      scenario?.kind === 'rateLimited' ? settled(scenario.then) : scenario;
    const played = addresses.map((address) => settled(scenarioOf(address)));
    if (played.some((s) => s?.kind === 'hang')) return; // close() drops the connection
    if (played.some((s) => s?.kind === 'malformed')) {
      res.type('text/html').send('<html><body>Wartung</body></html>');
      return;
    }
    const results = addresses.map((address, index) => {
      const scenario = played[index];
      if (scenario?.kind === 'pending') {
        if (scenario.times === 0) {
          scenarios.set(address, scenario.then);
          const then = scenario.then;
          if (then.kind === 'found') return { ...lookupBody(address, then), status: 200 };
          if (then.kind === 'error')
            return { ...errorBody(then.code, then.message, then.extra), address_input: address };
        }
        scenario.times--;
        return {
          status: 202,
          error: 'pending',
          message: 'Die Antwort wird noch ermittelt.',
          retry_after: scenario.retryAfter,
          address_input: address,
        };
      }
      if (scenario?.kind === 'found') return { ...lookupBody(address, scenario), status: 200 };
      const body =
        scenario?.kind === 'error'
          ? errorBody(scenario.code, scenario.message, scenario.extra)
          : errorBody('address_not_found', 'Die Adresse konnte nicht gefunden werden.');
      return { ...body, address_input: address };
    });
    res.json({ results });
  });

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: STAND_IN_KEY,
    requests,
    get me() {
      return state.me;
    },
    set me(value) {
      state.me = value;
    },
    setScenario: (address, scenario) => scenarios.set(address, scenario),
    setNewerMarketValues: (on) => {
      state.newerMarketValues = on;
    },
    lookupsOf: (address) =>
      requests.filter(
        (r) =>
          (r.path === '/api/bodenrichtwert' && r.address === address) ||
          (r.path === '/api/bodenrichtwert/batch' && r.addresses.includes(address)),
      ),
    batches: () => requests.filter((r) => r.path === '/api/bodenrichtwert/batch'),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The built add-in and a stand-in API for a test file: made before its tests, closed after. */
export function builtAddinAndStandIn(): { readonly dir: string; readonly api: StandInApi } {
  const world: { dir: string; api: StandInApi | undefined } = { dir: '', api: undefined };
  beforeAll(async () => {
    [world.dir, world.api] = await Promise.all([buildAddin(), startStandInApi()]);
  }, 120_000);
  afterAll(() => world.api?.close());
  return {
    get dir() {
      return world.dir;
    },
    get api() {
      if (world.api === undefined) throw new Error('the stand-in API starts before the tests');
      return world.api;
    },
  };
}
