// Double use under concurrency, on SQLite and MariaDB: of N parallel
// exchanges of one authorization code, and of N parallel refreshes with one
// refresh token, at most one wins; the rest get invalid_grant. A loser that
// sees the code or token used already revokes the family (RFC 9700 §4.14.2),
// and a winner whose new pair comes after that mark is refused too.
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, databaseKinds } from '../support/database.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import {
  authorize,
  discover,
  pkcePair,
  REDIRECT_URI,
  registerClient,
  tokenRequest,
} from '../server/oauth/support/oauthClient.js';
import { signedInBrowser } from '../server/oauth/support/signedIn.js';
import { FigureBook } from './support/figures.js';
import { runs } from './support/profile.js';

const PARALLEL = 10;
const ROUNDS = runs(3, 20);
const figures = new FigureBook('oauth-races');
afterAll(() => figures.write());

describe.each(databaseKinds())('OAuth double use on %s', { timeout: 300_000 }, (kind) => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabaseUrl(kind);
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
    as = await discover(server.url);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await drop();
  });

  async function codeFor(client: oauth.Client) {
    const { browser } = await signedInBrowser(server);
    const pkce = await pkcePair();
    const { callback } = await authorize(as, client, browser, pkce);
    return { code: callback.get('code') ?? '', verifier: pkce.verifier };
  }

  const exchange = (clientId: string, code: string, verifier: string) =>
    tokenRequest(server.url, {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });

  function expectOneWinner(answers: { status: number; body: Record<string, unknown> }[]) {
    for (const a of answers)
      figures.answer(a.status, a.status >= 400 ? String(a.body.error) : undefined);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser.status).toBe(400);
      expect(loser.body.error).toBe('invalid_grant');
    }
  }

  it(`lets at most one of ${PARALLEL} parallel exchanges of a code win`, async () => {
    const client = await registerClient(as);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { code, verifier } = await codeFor(client);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => exchange(client.client_id, code, verifier)),
      );
      expectOneWinner(answers);
    }
  });

  it(`lets at most one of ${PARALLEL} parallel refreshes with one refresh token win`, async () => {
    const client = await registerClient(as);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { code, verifier } = await codeFor(client);
      const issued = await exchange(client.client_id, code, verifier);
      expect(issued.status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          tokenRequest(server.url, {
            grant_type: 'refresh_token',
            client_id: client.client_id,
            refresh_token: String(issued.body.refresh_token),
          }),
        ),
      );
      expectOneWinner(answers);
    }
  });
});
