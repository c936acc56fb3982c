// What a password reset or change ends besides sessions, when the owner ticks
// it: a password someone else knew may have been used to create keys or to
// let an app in, and those outlive any session.
import type { Request } from 'express';
import type { PlatformServices } from '../../accounts/platformServices.js';
import { isKeyActive } from '../../apiKeys/apiKeyService.js';
import type { OAuthServices } from '../../oauth/oauthServices.js';
import type { Clock } from '../../time/clock.js';
import { field } from '../passwordRules.js';

export type EndAccessDeps = Pick<PlatformServices, 'apiKeys'> & {
  oauth: { grants: Pick<OAuthServices['grants'], 'connectedApps' | 'revokeGrant'> };
  clock: Clock;
};

/** Revokes what the form asked for; the German sentences saying what was ended. */
export async function endAccessAsked(
  ctx: EndAccessDeps,
  req: Request,
  accountId: string,
): Promise<string[]> {
  const ended: string[] = [];
  if (field(req, 'revoke_keys') === '1') {
    const now = ctx.clock();
    const active = (await ctx.apiKeys.list(accountId)).filter((key) => isKeyActive(key, now));
    let revoked = 0;
    for (const key of active) if (await ctx.apiKeys.revoke(key.id)) revoked += 1;
    ended.push(`${revoked} API-Schlüssel widerrufen.`);
  }
  if (field(req, 'revoke_apps') === '1') {
    const apps = await ctx.oauth.grants.connectedApps(accountId);
    for (const app of apps) await ctx.oauth.grants.revokeGrant(accountId, app.client.clientId);
    const noun = apps.length === 1 ? 'verbundenen App' : 'verbundenen Apps';
    ended.push(`${apps.length} ${noun} den Zugriff entzogen.`);
  }
  return ended;
}
