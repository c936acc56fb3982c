// The operator commands of `npm run admin`: accounts, plans, trial, payment
// state, API keys and usage, against whatever DATABASE_URL points to.
import { Command, InvalidArgumentError, Option } from 'commander';
import { PLANS } from '#shared/apiTypes.js';
import type { PlatformServices } from '../accounts/platformServices.js';
import type { Account } from '../accounts/accountRepository.js';
import type { ApiKeyRecord } from '../apiKeys/apiKeyRepository.js';
import { API_KEY_LIFETIMES, type ApiKeyLifetime } from '../apiKeys/apiKeyService.js';
import type { Clock } from '../time/clock.js';
import { formatResult, type Printable } from './adminOutput.js';

export interface AdminEnvironment {
  /** Opens the services lazily, so --help needs no database. */
  services(): Promise<PlatformServices>;
  clock: Clock;
  print(text: string): void;
}

/** A command failed for a reason the operator can fix (unknown account, …). */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

function isoDate(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('expected an ISO 8601 date, e.g. 2026-12-31T23:59:59Z');
  }
  return date;
}

const planOption = (flags: string) => new Option(flags, 'plan').choices(PLANS);

function accountView(account: Account): Record<string, unknown> {
  return {
    id: account.id,
    email: account.email,
    plan: account.plan,
    trial_expires_at: account.trialExpiresAt?.toISOString() ?? null,
    trial_usage: account.trialUsage,
    payment_status: account.paymentStatus,
    past_due_since: account.pastDueSince?.toISOString() ?? null,
  };
}

function keyView(key: ApiKeyRecord, now: Date): Record<string, unknown> {
  const status = key.revokedAt
    ? 'revoked'
    : key.expiresAt && key.expiresAt <= now
      ? 'expired'
      : 'active';
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    status,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}

export function buildAdminProgram(env: AdminEnvironment): Command {
  const program = new Command('admin')
    .description('Operator commands for accounts, plans and API keys')
    .option('--json', 'print results as JSON')
    .showHelpAfterError();

  const output = (result: Printable) =>
    env.print(formatResult(result, Boolean(program.opts<{ json?: boolean }>().json)));

  async function accountByEmail(email: string): Promise<{ s: PlatformServices; account: Account }> {
    const s = await env.services();
    const account = await s.accounts.findByEmail(email);
    if (!account) throw new AdminCommandError(`No account with email ${email}`);
    return { s, account };
  }
  async function reloaded(s: PlatformServices, id: string) {
    const account = await s.accounts.findById(id);
    if (!account) throw new AdminCommandError(`Account ${id} disappeared`);
    return accountView(account);
  }

  program
    .command('user:create')
    .description('create an account; it starts with the 14-day Pro trial')
    .requiredOption('--email <email>', 'email address')
    .option('--password <password>', 'password for dashboard and OAuth login')
    .addOption(planOption('--plan <plan>').default('free'))
    .action(async (o: { email: string; password?: string; plan: (typeof PLANS)[number] }) => {
      const s = await env.services();
      const account = await s.accounts.create({
        email: o.email,
        plan: o.plan,
        ...(o.password === undefined ? {} : { password: o.password }),
      });
      output(accountView(account));
    });

  program
    .command('user:plan')
    .description('set the booked plan')
    .requiredOption('--email <email>', 'email address')
    .addOption(planOption('--plan <plan>').makeOptionMandatory())
    .action(async (o: { email: string; plan: (typeof PLANS)[number] }) => {
      const { s, account } = await accountByEmail(o.email);
      await s.accounts.setPlan(account.id, o.plan);
      output(await reloaded(s, account.id));
    });

  program
    .command('user:trial')
    .description('move the end of the trial, or remove it with "none"')
    .requiredOption('--email <email>', 'email address')
    // The parser keeps 'none' as it is: commander turns a parsed null into ''.
    .requiredOption('--expires-at <iso|none>', 'new trial end', (v) =>
      v === 'none' ? v : isoDate(v),
    )
    .action(async (o: { email: string; expiresAt: Date | 'none' }) => {
      const { s, account } = await accountByEmail(o.email);
      await s.accounts.setTrialExpiry(account.id, o.expiresAt === 'none' ? null : o.expiresAt);
      output(await reloaded(s, account.id));
    });

  program
    .command('user:payment')
    .description('record the payment state; past_due blocks lookups after the grace period')
    .requiredOption('--email <email>', 'email address')
    .addOption(
      new Option('--status <status>', 'payment state')
        .choices(['ok', 'past_due'])
        .makeOptionMandatory(),
    )
    .option('--since <iso>', 'when the payment failed (default: now)', isoDate)
    .action(async (o: { email: string; status: 'ok' | 'past_due'; since?: Date }) => {
      const { s, account } = await accountByEmail(o.email);
      await s.accounts.setPayment(account.id, o.status, o.since);
      output(await reloaded(s, account.id));
    });

  program
    .command('key:create')
    .description('create an API key; its value is printed this once and never again')
    .requiredOption('--email <email>', 'owner')
    .requiredOption('--name <name>', 'a name to tell keys apart')
    .addOption(
      new Option('--lifetime <lifetime>', 'lifetime')
        .choices(Object.keys(API_KEY_LIFETIMES))
        .makeOptionMandatory(),
    )
    .action(async (o: { email: string; name: string; lifetime: ApiKeyLifetime }) => {
      const { s, account } = await accountByEmail(o.email);
      const { key, value } = await s.apiKeys.create(account.id, o.name, o.lifetime);
      output({ ...keyView(key, env.clock()), key: value });
    });

  program
    .command('key:revoke')
    .description('revoke an API key; effective with the next request')
    .requiredOption('--id <id>', 'key id (see key:list)')
    .action(async (o: { id: string }) => {
      const s = await env.services();
      const existing = await s.apiKeys.find(o.id);
      if (!existing) throw new AdminCommandError(`No API key with id ${o.id}`);
      await s.apiKeys.revoke(o.id);
      const key = await s.apiKeys.find(o.id);
      output(keyView(key ?? existing, env.clock()));
    });

  program
    .command('key:list')
    .description("list an account's API keys (never their values)")
    .requiredOption('--email <email>', 'owner')
    .action(async (o: { email: string }) => {
      const { s, account } = await accountByEmail(o.email);
      const now = env.clock();
      output((await s.apiKeys.list(account.id)).map((key) => keyView(key, now)));
    });

  program
    .command('usage')
    .description('plan, usage this month and trial state, as GET /api/me shows it')
    .requiredOption('--email <email>', 'email address')
    .action(async (o: { email: string }) => {
      const { s, account } = await accountByEmail(o.email);
      const profile = await s.profiles.getProfile(account.id);
      output({ email: account.email, ...profile });
    });

  return program;
}
