import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { decodeHtml } from '../oauth/support/formBrowser.js';
import { me } from '../oauth/support/oauthClient.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';
import { copyFieldValue, runCurl } from './support/curlCommand.js';

interface Metadata {
  authorization_endpoint: string;
  token_endpoint: string;
}

describe('OAuth apps page: endpoints, the token call, the client ID once, the Secret', () => {
  let server: TestServer;
  let metadata: Metadata;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    metadata = (await res.json()) as Metadata;
  });
  afterAll(async () => {
    await server.close();
  });

  async function register(signedIn: Awaited<ReturnType<typeof signedInBrowser>>, fields: object) {
    const created = await signedIn.browser.submit('/dashboard/apps', '/dashboard/apps', {
      name: 'Nachtlauf',
      type: 'confidential',
      redirect_uris: '',
      ...fields,
    });
    expect(created.status, created.html).toBe(201);
    return {
      html: created.html,
      clientId: decodeHtml(/id="client-id">([^<]+)</.exec(created.html)?.[1] ?? ''),
      secret: copyFieldValue(created.html, 'client-secret'),
    };
  }

  it('shows the endpoints of the discovery document and a client-credentials call to fill in', async () => {
    const signedIn = await signedInBrowser(server);
    const page = await signedIn.browser.get('/dashboard/apps');
    expect(page.html).toContain(`id="authorize-endpoint">${metadata.authorization_endpoint}<`);
    expect(page.html).toContain(`id="token-endpoint">${metadata.token_endpoint}<`);
    const template = copyFieldValue(page.html, 'client-credentials-curl');
    expect(template).toBe(
      `curl -X POST ${metadata.token_endpoint} -u IHRE_CLIENT_ID:IHR_SECRET -d grant_type=client_credentials`,
    );
    // Filled in with a real app's values, the template gets a token.
    const app = await register(signedIn, { grants: 'client_credentials' });
    const filled = template
      .replace('IHRE_CLIENT_ID', app.clientId)
      .replace('IHR_SECRET', app.secret);
    expect((await runCurl(filled)).status).toBe(200);
  });

  it.each(['client_secret_basic', 'client_secret_post'])(
    'after registering an app (%s) shows the client ID once, the Secret and a token call that works as shown',
    async (authMethod) => {
      const signedIn = await signedInBrowser(server);
      const app = await register(signedIn, {
        grants: 'client_credentials',
        auth_method: authMethod,
      });
      expect(app.html.match(/id="client-id"/g)).toHaveLength(1);
      const notice = /<p class="notice" role="status">([^<]*)</.exec(app.html)?.[1] ?? '';
      expect(notice).toContain('„Nachtlauf“ ist registriert');
      expect(notice).not.toContain(app.clientId);
      expect(app.html).toContain('Secret für „Nachtlauf“');
      expect(app.html).toContain('Sie sehen dieses Secret nur einmal');
      expect(app.html).not.toContain('Client-Secret');

      const curl = copyFieldValue(app.html, 'token-curl');
      expect(curl).toContain(app.secret);
      expect(curl).toContain(authMethod === 'client_secret_post' ? '-d client_secret=' : '-u ');
      const issued = await runCurl(curl);
      expect(issued.status).toBe(200);
      const token = String(((await issued.json()) as { access_token: string }).access_token);
      expect((await me(server.url, token)).body.id).toBe(signedIn.user.id);
    },
  );

  it('shows no token call for an app that may not use client credentials', async () => {
    const signedIn = await signedInBrowser(server);
    const app = await register(signedIn, {
      grants: 'authorization_code',
      redirect_uris: 'https://gutachten.example.de/callback',
    });
    expect(app.secret).toMatch(/^brw_cs_/);
    expect(app.html).not.toContain('id="token-curl"');
  });
});
