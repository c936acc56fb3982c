// Creates an account (with its trial) and an API key through the real
// services, for tests that need an authenticated caller.
import type { Plan } from '#shared/apiTypes.js';
import type { Account } from '#server/accounts/accountRepository.js';
import type { ApiKeyLifetime } from '#server/apiKeys/apiKeyService.js';
import type { AppContext } from '#server/context.js';

let counter = 0;

export interface TestAccount {
  user: Account;
  /** The API key value, for Authorization: Bearer. */
  token: string;
  keyId: string;
}

export async function createTestAccount(
  ctx: Pick<AppContext, 'accounts' | 'apiKeys'>,
  options: { plan?: Plan; lifetime?: ApiKeyLifetime; email?: string } = {},
): Promise<TestAccount> {
  counter += 1;
  const user = await ctx.accounts.create({
    email: options.email ?? `user${counter}-${Date.now()}@example.de`,
    plan: options.plan ?? 'free',
  });
  const { key, value } = await ctx.apiKeys.create(user.id, 'Test', options.lifetime ?? 'unlimited');
  return { user, token: value, keyId: key.id };
}
