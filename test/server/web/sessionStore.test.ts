// Expired dashboard sessions read as missing and their rows are deleted by
// the store's sweep, so the table holds live sessions only.
import type { SessionData } from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSessionStore } from '#server/web/session/databaseSessionStore.js';
import { SessionRepository } from '#server/web/session/sessionRepository.js';
import { manualClock } from '../../support/clock.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

const HOUR = 3600_000;

function sessionUntil(expires: Date): SessionData {
  return { cookie: { expires, originalMaxAge: HOUR }, accountId: 'u1' } as SessionData;
}

describe.each(databaseKinds())('database session store on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('reads expired sessions as missing and sweeps their rows', async () => {
    const clock = manualClock();
    const sessions = new SessionRepository(test.db.sequelize);
    const store = new DatabaseSessionStore(sessions, clock.now, 8 * HOUR);
    const save = (sid: string, data: SessionData) =>
      new Promise<void>((resolve, reject) =>
        store.set(sid, data, (err) => (err ? reject(err as Error) : resolve())),
      );
    const load = (sid: string) =>
      new Promise<SessionData | null | undefined>((resolve, reject) =>
        store.get(sid, (err, data) => (err ? reject(err as Error) : resolve(data))),
      );
    await save('old', sessionUntil(new Date(clock.now().getTime() + HOUR)));
    expect(await load('old')).toMatchObject({ accountId: 'u1' });
    clock.advance(2 * HOUR);
    expect(await load('old')).toBeNull();
    expect(await sessions.find('old')).not.toBeNull();
    // The next write sweeps the expired row.
    await save('new', sessionUntil(new Date(clock.now().getTime() + HOUR)));
    expect(await sessions.find('old')).toBeNull();
    expect(await sessions.find('new')).not.toBeNull();
  });
});
