// The quota check of a lookup (§8): reserve one count before any upstream
// work with a single conditional UPDATE, release it when the request then
// fails. Concurrent requests can never push a counter past its cap. The
// account itself may come from this instance's copy of the last
// `accountCacheMs`: a change made on another instance (plan downgrade,
// payment block) applies here within that time; a refusal is always checked
// against a fresh read, so an upgrade applies at once.
//
// A lookup (`reserveLookup`) the account already received this billing month
// (answered, or failed with 404 no_data or address_not_found) is free: no
// count, also once the cap is reached. A new one is counted and, once
// answered, recorded; when a concurrent identical lookup recorded it first,
// its count is given back, so it counts once. A new lookup that fails is
// recorded too and free while the month's free failing lookups last
// (max(100, the month's limit), freeFailedLookups); past them it keeps its
// count like an answered one: a failure costs the geocoder and the state
// services as much, so it must not be free without bound.
import { AppError, ErrorCode, isAppError } from '#shared/errors.js';
import type { Clock } from '../time/clock.js';
import { billingMonth } from './billingMonth.js';
import type { DistinctLookupRepository } from './distinctLookupRepository.js';
import {
  PLAN_MONTHLY_CAPS,
  TRIAL_LIMIT,
  entitlementOf,
  freeFailedLookups,
  limitReason,
  paymentBlocked,
} from './entitlement.js';
import type { UsageRepository } from './usageRepository.js';
import type { Account, AccountRepository } from './accountRepository.js';

export interface QuotaReservation {
  /** Gives the count back; calling it again does nothing. */
  release(): Promise<void>;
}

export interface LookupReservation extends QuotaReservation {
  /**
   * Records the answered lookup; gives the count back when it was recorded
   * concurrently. With `recordBehind`, this process takes the lookup as
   * recorded at once and the row is written behind the answer.
   */
  confirm(): Promise<void>;
  /**
   * Records a lookup that failed with 404 no_data or address_not_found; gives
   * the count back while the month's free failing lookups last (or when it
   * was recorded concurrently), else keeps it.
   */
  fail(): Promise<void>;
}

const FREE_LOOKUP: LookupReservation = {
  release: () => Promise.resolve(),
  confirm: () => Promise.resolve(),
  fail: () => Promise.resolve(),
};

/**
 * Runs the write of a key once the answer is out (the service passes its
 * WriteBehind, which logs a failure and lets shutdown wait for the write).
 */
export type RecordBehind = (key: string, write: () => Promise<void>) => void;

export interface QuotaSettings {
  billingUrl: string;
  paymentGraceDays: number;
  /** How long a read account may be reused (API_KEY_CACHE_SECONDS); 0 or unset: read every time. */
  accountCacheMs?: number;
  /**
   * Where an answered lookup's row is written off the answer's path (one
   * write, about a millisecond on SQLite, on every cold lookup); unset: before
   * the answer. The row only makes a repetition free: until it is written,
   * this process knows the lookup as recorded, and another instance that
   * counts a repetition meanwhile gives the count back at its own record.
   */
  recordBehind?: RecordBehind;
}

export class QuotaService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly usage: UsageRepository,
    private readonly distinct: DistinctLookupRepository,
    private readonly clock: Clock,
    private readonly settings: QuotaSettings,
  ) {}

  /** Counts one lookup (402 when the cap is reached). */
  reserve(accountId: string): Promise<QuotaReservation> {
    return this.withAccount(accountId, (account) => this.reserveFor(account, this.clock()));
  }

  /** The lookup with this key (lookupKey.ts): free when already answered this month, else counted. */
  reserveLookup(accountId: string, lookupKey: string): Promise<LookupReservation> {
    return this.withAccount(accountId, async (account) => {
      const now = this.clock();
      this.refuseIfPaymentBlocked(account, now);
      const counted = await this.reserveNew(account, now, lookupKey);
      return counted ? this.countedLookup(account, now, lookupKey, counted) : FREE_LOOKUP;
    });
  }

  /**
   * The lookups of one batch (distinct keys) counted together: the records of
   * the month read in one query, the new ones counted in one UPDATE (and the
   * trial's in one more), each key free or counted as `reserveLookup` would
   * have it. Null, with nothing counted, where they do not all fit the trial
   * or the cap, or the payment is blocked: then `reserveLookup` one by one in
   * input order decides which of them get 402.
   */
  reserveLookups(
    accountId: string,
    lookupKeys: readonly string[],
  ): Promise<Map<string, LookupReservation> | null> {
    return this.withAccount(accountId, async (account) => {
      const now = this.clock();
      const period = billingMonth(now);
      if (paymentBlocked(account, now, this.settings.paymentGraceDays)) return null;
      const recorded = await this.distinct.recordedAmong(account.id, period, lookupKeys);
      const fresh = lookupKeys.filter((key) => !recorded.has(key));
      const counted = await this.reserveCount(account, now, fresh.length);
      if (!counted) return null;
      return new Map(
        lookupKeys.map((key) => [
          key,
          recorded.has(key) ? FREE_LOOKUP : this.countedLookup(account, now, key, counted.one()),
        ]),
      );
    });
  }

  /**
   * Counts `count` lookups for the account at once: in its trial while that
   * runs and they all fit it, else under the plan's cap; null where they do
   * not fit. `one()` is the release of one of them.
   */
  private async reserveCount(
    account: Account,
    now: Date,
    count: number,
  ): Promise<{ one: () => QuotaReservation } | null> {
    const period = billingMonth(now);
    const release = (trial: boolean) => () =>
      once(async () => {
        if (trial) await this.accounts.releaseTrialLookup(account.id);
        await this.usage.release(account.id, period);
      });
    if (count === 0) return { one: release(false) };
    if (entitlementOf(account, now).trialActive) {
      if (await this.accounts.reserveTrialLookup(account.id, now, TRIAL_LIMIT, count)) {
        await this.usage.reserveMany(account.id, period, null, count);
        return { one: release(true) };
      }
      // Used up meanwhile (a concurrent batch): the plan counts them, as it would each
      // single lookup; a trial with room for some of them leaves them to those.
      if (entitlementOf(await this.requireAccount(account.id), now).trialActive) return null;
    }
    const cap = PLAN_MONTHLY_CAPS[account.plan];
    if (!(await this.usage.reserveMany(account.id, period, cap, count))) return null;
    return { one: release(false) };
  }

  /** The reservation of a lookup counted by `counted`, settled by its answer. */
  private countedLookup(
    account: Account,
    now: Date,
    lookupKey: string,
    counted: QuotaReservation,
  ): LookupReservation {
    const period = billingMonth(now);
    const freeFailures = freeFailedLookups(entitlementOf(account, now));
    return {
      release: () => counted.release(),
      confirm: async () => {
        const record = async () => {
          if (!(await this.distinct.record(account.id, period, lookupKey))) {
            await counted.release();
          }
        };
        const { recordBehind } = this.settings;
        if (!recordBehind) return record();
        this.distinct.remember(account.id, period, lookupKey);
        recordBehind(`${account.id}|${period}|${lookupKey}`, record);
      },
      fail: async () => {
        const first = await this.distinct.record(account.id, period, lookupKey, true);
        if (!first || (await this.usage.takeFreeFailure(account.id, period, freeFailures))) {
          await counted.release();
        }
      },
    };
  }

  /**
   * Counts a lookup not recorded this month; null when it is (free). Without
   * a trial, on SQLite, one UPDATE checks the record and counts; where it counts
   * nothing, the record or the cap decides, as in the two-step path a trial
   * needs (its trial count must not be taken for a free lookup).
   */
  private async reserveNew(
    account: Account,
    now: Date,
    lookupKey: string,
  ): Promise<QuotaReservation | null> {
    const period = billingMonth(now);
    if (this.distinct.knows(account.id, period, lookupKey)) return null;
    if (
      this.usage.checksRecordsWhileCounting &&
      !entitlementOf(account, now).trialActive &&
      (await this.usage.reserveUnlessRecorded(
        account.id,
        period,
        PLAN_MONTHLY_CAPS[account.plan],
        lookupKey,
      ))
    ) {
      return once(() => this.usage.release(account.id, period));
    }
    if (await this.distinct.has(account.id, period, lookupKey)) return null;
    return this.reserveFor(account, now);
  }

  /** Runs `act` on the account, read again when a refusal came from a cached copy. */
  private async withAccount<T>(
    accountId: string,
    act: (account: Account) => Promise<T>,
  ): Promise<T> {
    const maxAgeMs = this.settings.accountCacheMs ?? 0;
    const recent = await this.accounts.findByIdRecent(accountId, maxAgeMs, this.clock());
    if (!recent.cached) return act(requireFound(recent.account));
    try {
      return await act(requireFound(recent.account));
    } catch (err) {
      if (!isAppError(err)) throw err;
      return act(await this.requireAccount(accountId));
    }
  }

  private refuseIfPaymentBlocked(account: Account, now: Date): void {
    if (paymentBlocked(account, now, this.settings.paymentGraceDays)) {
      throw new AppError(
        ErrorCode.paymentPastDue,
        'Die letzte Zahlung ist fehlgeschlagen und die Frist ist abgelaufen. Bitte Zahlungsdaten aktualisieren.',
      );
    }
  }

  private async reserveFor(account: Account, now: Date): Promise<QuotaReservation> {
    this.refuseIfPaymentBlocked(account, now);
    const period = billingMonth(now);
    if (
      entitlementOf(account, now).trialActive &&
      (await this.accounts.reserveTrialLookup(account.id, now, TRIAL_LIMIT))
    ) {
      await this.usage.reserve(account.id, period, null);
      // A retried release must not give the trial count back twice.
      let trialReleased = false;
      return once(async () => {
        if (!trialReleased) await this.accounts.releaseTrialLookup(account.id);
        trialReleased = true;
        await this.usage.release(account.id, period);
      });
    }
    if (await this.usage.reserve(account.id, period, PLAN_MONTHLY_CAPS[account.plan])) {
      return once(() => this.usage.release(account.id, period));
    }
    // Read again: a concurrent request may have just used up the trial.
    const current = await this.requireAccount(account.id);
    throw this.limitReached(current, now);
  }

  private limitReached(account: Account, now: Date): AppError {
    const reason = limitReason(account, entitlementOf(account, now));
    const message =
      reason === 'trial_exhausted'
        ? 'Das Kontingent der Testphase (100 Abfragen) ist aufgebraucht.'
        : reason === 'no_active_plan'
          ? 'Die Testphase ist beendet und es ist kein Tarif gebucht.'
          : 'Das monatliche Abfragekontingent Ihres Tarifs ist aufgebraucht.';
    return new AppError(ErrorCode.limitReached, message, {
      details: { reason, upgrade_url: this.settings.billingUrl },
    });
  }

  private async requireAccount(accountId: string): Promise<Account> {
    return requireFound(await this.accounts.findById(accountId));
  }
}

function requireFound(account: Account | null): Account {
  // The token outlived its account: treat it like any other invalid token.
  if (!account)
    throw new AppError(ErrorCode.invalidToken, 'Das Konto zu diesem Token existiert nicht.');
  return account;
}

/** Releases at most once; a release that failed (database gone) may be tried again. */
function once(release: () => Promise<void>): QuotaReservation {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        await release();
      } catch (err) {
        released = false;
        throw err;
      }
    },
  };
}
