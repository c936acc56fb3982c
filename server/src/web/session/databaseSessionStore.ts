// An express-session store over SessionRepository. Expired sessions read as
// missing and are swept from the table now and then.
import session, { type SessionData } from 'express-session';
import type { Clock } from '../../time/clock.js';
import type { SessionRepository } from './sessionRepository.js';

const SWEEP_INTERVAL_MS = 15 * 60_000;

type Callback = (err?: unknown) => void;

function settle(work: Promise<void>, callback: Callback | undefined): void {
  work.then(
    () => callback?.(),
    (err: unknown) => callback?.(err),
  );
}

export class DatabaseSessionStore extends session.Store {
  private lastSweep = 0;

  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly defaultLifetimeMs: number,
  ) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.sessions.find(sid).then(
      (stored) => {
        if (!stored || stored.expiresAt <= this.clock()) callback(null, null);
        else callback(null, JSON.parse(stored.data) as SessionData);
      },
      (err: unknown) => callback(err),
    );
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    settle(
      (async () => {
        await this.sessions.save(sid, { data: JSON.stringify(data), expiresAt: this.expiry(data) });
        await this.sweep();
      })(),
      callback,
    );
  }

  override touch(sid: string, data: SessionData, callback?: () => void): void {
    settle(this.sessions.extend(sid, this.expiry(data)), () => callback?.());
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.sessions.delete(sid), callback);
  }

  private expiry(data: SessionData): Date {
    const expires = data.cookie.expires;
    return expires ? new Date(expires) : new Date(this.clock().getTime() + this.defaultLifetimeMs);
  }

  private async sweep(): Promise<void> {
    const now = this.clock();
    if (now.getTime() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now.getTime();
    await this.sessions.deleteExpired(now);
  }
}
