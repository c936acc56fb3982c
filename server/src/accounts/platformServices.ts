// Builds the account, quota and API-key services over one database and the
// resolver that turns an API key into the principal it acts for.
import type { Sequelize } from 'sequelize';
import { ApiKeyRepository } from '../apiKeys/apiKeyRepository.js';
import { ApiKeyService } from '../apiKeys/apiKeyService.js';
import type { Config } from '../config/config.js';
import type { Clock } from '../time/clock.js';
import { AccountService } from './accountService.js';
import { DistinctLookupRepository } from './distinctLookupRepository.js';
import { EmailLinks } from './emailLinks.js';
import { EmailTokenRepository } from './emailTokenRepository.js';
import { HASHES_WAITING, PasswordHasher } from './passwordHasher.js';
import { ProfileService } from './profileService.js';
import { QuotaService, type RecordBehind } from './quotaService.js';
import { UsageRepository } from './usageRepository.js';
import { AccountRepository } from './accountRepository.js';

export interface PlatformServices {
  accounts: AccountService;
  /** One-time links of the confirmation and password-reset e-mails. */
  emailLinks: EmailLinks;
  profiles: ProfileService;
  quota: QuotaService;
  apiKeys: ApiKeyService;
}

export function createPlatformServices(
  sequelize: Sequelize,
  clock: Clock,
  config: Pick<Config, 'billingUrl' | 'paymentGraceDays'> &
    Partial<Pick<Config, 'apiKeyCacheSeconds' | 'passwordHashCost'>>,
  /** Where answered lookups are recorded behind their answer (the service); unset: before it. */
  recordBehind?: RecordBehind,
): PlatformServices {
  const accountRows = new AccountRepository(sequelize);
  const usage = new UsageRepository(sequelize);
  const distinct = new DistinctLookupRepository(sequelize);
  const apiKeys = new ApiKeyService(
    new ApiKeyRepository(sequelize),
    clock,
    config.apiKeyCacheSeconds === undefined ? undefined : config.apiKeyCacheSeconds * 1000,
  );
  const hasher = new PasswordHasher(HASHES_WAITING, config.passwordHashCost);
  return {
    accounts: new AccountService(accountRows, hasher, clock),
    emailLinks: new EmailLinks(new EmailTokenRepository(sequelize), clock),
    profiles: new ProfileService(accountRows, usage, distinct, clock, config.billingUrl),
    quota: new QuotaService(accountRows, usage, distinct, clock, {
      ...config,
      accountCacheMs: (config.apiKeyCacheSeconds ?? 0) * 1000,
      ...(recordBehind ? { recordBehind } : {}),
    }),
    apiKeys,
  };
}
