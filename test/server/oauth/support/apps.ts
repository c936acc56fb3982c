// Registers an app for an account through the real client service, as the
// dashboard and the admin command line do.
import { expect } from 'vitest';
import type { AppContext } from '../../../../server/src/context.js';
import { validateRegistration } from '../../../../server/src/oauth/clients/clientMetadata.js';
import type { ClientGrant, ClientType } from '../../../../server/src/oauth/clients/clientTypes.js';
import { REDIRECT_URI } from './oauthClient.js';

export async function createApp(
  ctx: Pick<AppContext, 'oauth'>,
  ownerUserId: string,
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
  return ctx.oauth.clients.register(checked.value, ownerUserId);
}
