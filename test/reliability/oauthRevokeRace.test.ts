// Revocation racing rotation, on SQLite and MariaDB: while "Verbundene Apps ›
// Zugriff beenden" or POST /oauth/revoke is answered, five refreshes of the
// grant run; afterwards no token of the grant works and the app is not
// listed. A rotation that inserted its new token after the revocation marked
// the family left a working pair behind.
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl, databaseKinds } from '../support/database.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { csrfToken, type FormBrowser } from '../server/oauth/support/formBrowser.js';
import {
  consentedTokens,
  discover,
  me,
  refreshRequest,
  registerClient,
} from '../server/oauth/support/oauthClient.js';
import { signedInBrowser } from '../server/oauth/support/signedIn.js';
import { FigureBook } from './support/figures.js';

const ROUNDS = 50;
const REFRESHES = 5;
const figures = new FigureBook('oauth-revoke-race');
afterAll(() => figures.write());

describe.each(databaseKinds())(
  'revocation racing refreshes on %s',
  { timeout: 300_000 },
  (kind) => {
    let server: TestServer;
    let as: oauth.AuthorizationServer;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const database = await createTestDatabaseUrl(kind);
      drop = database.drop;
      server = await startTestServer({
        databaseUrl: database.url,
        env: { RATE_LIMIT_PER_MINUTE: '100000' },
      });
      as = await discover(server.url);
    }, 60_000);
    afterAll(async () => {
      await server.close();
      await drop();
    });

    /** The "Zugriff beenden" form, loaded before the race so only its submission races. */
    async function dashboardRevocation(browser: FormBrowser, clientId: string) {
      const page = `/dashboard/connected/${clientId}/revoke`;
      const _csrf = csrfToken((await browser.get(page)).html);
      return () => browser.post(page, { _csrf });
    }

    const revokeEndpoint = (clientId: string, token: string) =>
      fetch(`${server.url}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, client_id: clientId }).toString(),
      }).then((res) => res.text());

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it(`leaves no working token in ${ROUNDS} rounds of ${REFRESHES} refreshes against a revocation`, async () => {
      const { user, browser } = await signedInBrowser(server);
      const client = await registerClient(as, { client_name: 'Wettlauf' });
      let roundsWithSurvivors = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const tokens = await consentedTokens(as, client, browser);
        const submitForm = await dashboardRevocation(browser, client.client_id);
        // The revocation lands at a different moment of the refreshes in each round.
        const refreshes = Array.from({ length: REFRESHES }, async (_, i) => {
          await pause(i);
          return refreshRequest(server.url, client.client_id, tokens.refresh_token);
        });
        const revocation = (async () => {
          await pause(round % 6);
          if (round % 2 === 0) await submitForm();
          else await revokeEndpoint(client.client_id, String(tokens.refresh_token));
        })();
        const [answers] = await Promise.all([Promise.all(refreshes), revocation]);
        figures.case(REFRESHES + 1);

        let survivors = 0;
        for (const answer of answers.filter((a) => a.status === 200)) {
          if ((await me(server.url, String(answer.body.access_token))).status === 200)
            survivors += 1;
          const again = await refreshRequest(
            server.url,
            client.client_id,
            answer.body.refresh_token,
          );
          if (again.status === 200) survivors += 1;
        }
        const listed = await server.ctx.oauth.grants.connectedApps(user.id);
        if (listed.some((app) => app.client.clientId === client.client_id)) survivors += 1;
        if (survivors > 0) roundsWithSurvivors += 1;
      }
      figures.note(`${kind}: ${roundsWithSurvivors} of ${ROUNDS} rounds left a working token`);
      expect(roundsWithSurvivors).toBe(0);
    });
  },
);
