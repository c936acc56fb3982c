// An OAuth access token for the bench account: a confidential app registered
// in the bench database, and the client-credentials grant (§5.4) asked of the
// running service, as a server job of the app's owner would.
import type { Sequelize } from 'sequelize';
import { validateRegistration } from '#server/oauth/clients/clientMetadata.js';
import { createOAuthServices } from '#server/oauth/oauthServices.js';
import { systemClock } from '#server/time/clock.js';
import type { ChildServer } from './childServer.js';

export async function clientCredentialsToken(
  server: Pick<ChildServer, 'url'>,
  sequelize: Sequelize,
  ownerAccountId: string,
): Promise<string> {
  const checked = validateRegistration({
    name: 'Benchmark',
    type: 'confidential',
    grants: ['client_credentials'],
    redirectUris: [],
  });
  if (!checked.ok) throw new Error(checked.message);
  const { client, secret } = await createOAuthServices(sequelize, systemClock).clients.register(
    checked.value,
    ownerAccountId,
  );
  const basic = Buffer.from(`${client.clientId}:${String(secret)}`).toString('base64');
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${basic}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) {
    throw new Error(`client credentials grant failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}
