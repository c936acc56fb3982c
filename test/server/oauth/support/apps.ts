// Registers an app for an account through the real client service, as the
// dashboard and the admin command line do, and fetches its tokens.
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import type { AppContext } from '#server/context.js';
import { validateRegistration } from '#server/oauth/clients/clientMetadata.js';
import type { ClientGrant, ClientType } from '#server/oauth/clients/clientTypes.js';
import { discover, insecure, REDIRECT_URI } from './oauthClient.js';

export async function createApp(
  ctx: Pick<AppContext, 'oauth'>,
  ownerAccountId: string,
  type: ClientType,
  grants: ClientGrant[],
) {
  const checked = validateRegistration({
    name: 'Bewertungsdienst',
    description: 'Nächtlicher Abgleich',
    type,
    grants,
    redirectUris: grants.includes('authorization_code') ? [REDIRECT_URI] : [],
  });
  expect(checked.ok).toBe(true);
  if (!checked.ok) throw new Error(checked.message);
  return ctx.oauth.clients.register(checked.value, ownerAccountId);
}

/** An access token of a new confidential app, from the client-credentials grant (§5.4). */
export async function clientCredentialsToken(
  server: { url: string; ctx: Pick<AppContext, 'oauth'> },
  ownerAccountId: string,
) {
  const { client, secret } = await createApp(server.ctx, ownerAccountId, 'confidential', [
    'client_credentials',
  ]);
  const as = await discover(server.url);
  const oauthClient: oauth.Client = { client_id: client.clientId };
  const tokens = await oauth.processClientCredentialsResponse(
    as,
    oauthClient,
    await oauth.clientCredentialsGrantRequest(
      as,
      oauthClient,
      oauth.ClientSecretBasic(String(secret)),
      {},
      insecure,
    ),
  );
  return { clientId: client.clientId, token: tokens.access_token };
}
