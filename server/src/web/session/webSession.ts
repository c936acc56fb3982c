// express-session for the dashboard and the OAuth consent: a cookie holding
// only the signed session id (httpOnly, SameSite=Lax, Secure when BASE_URL is
// https), the data in the database. The session holds the account id and a
// flash message, never a key, token or secret.
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Sequelize } from 'sequelize';
import { systemClock } from '../../time/clock.js';
import { DatabaseSessionStore } from './databaseSessionStore.js';
import { SessionRepository } from './sessionRepository.js';

declare module 'express-session' {
  interface SessionData {
    accountId?: string;
    /** credentialStamp() of the account at login; another one ends the session. */
    credentialStamp?: string;
    /** A one-time notice for the next page ("Schlüssel widerrufen."). */
    flash?: string;
  }
}

export const SESSION_COOKIE = 'brw.sid';
const SESSION_LIFETIME_MS = 8 * 3600_000;

export function webSession(options: {
  sequelize: Sequelize;
  secret: string;
  secure: boolean;
}): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: options.secret,
    // express-session dates its cookies on the system clock; the store follows it.
    store: new DatabaseSessionStore(
      new SessionRepository(options.sequelize),
      systemClock,
      SESSION_LIFETIME_MS,
    ),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge: SESSION_LIFETIME_MS,
      path: '/',
    },
  });
}
