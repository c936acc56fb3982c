// Abuse of the account pages, bounded and on loopback: long e-mail addresses
// cannot grow the login throttle, password spraying from one IP and
// distributed guessing of one account are stopped without locking the owner
// out, anonymous page views write no session rows, and sign-up, login and
// password reset tell nobody which addresses have accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/accounts/password.js';
import { HASHES_WAITING } from '#server/accounts/passwordHasher.js';
import { linkIn } from '#dev/fakes/smtpFake.js';
import { FAILED_LOGINS_PER_ACCOUNT, LOGINS_PER_IP } from '#server/web/loginThrottle.js';
import { redisAvailability, serviceAvailable } from '../support/services.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { PRODUCTION_HASHING } from '../support/hashingCost.js';
import { csrfToken, FormBrowser, type PageAnswer } from '../server/oauth/support/formBrowser.js';
import { TEST_PASSWORD } from '../server/oauth/support/signedIn.js';

// Every login runs one scrypt hash, one at a time (at the production cost about 0.3 s).
const SLOW = { timeout: 240_000 };

let server: TestServer;
let counter = 0;
const newEmail = () => `abuse${(counter += 1)}-${Date.now()}@example.de`;

beforeAll(async () => {
  // The proxy on loopback lets each request name its client IP (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await server.close();
});

async function account(password = TEST_PASSWORD, on = server) {
  const email = newEmail();
  await on.ctx.accounts.create({ email, password });
  return email;
}

/** A login form submitted from `ip` by `browser` (a fresh one by default). */
async function loginFrom(
  ip: string,
  email: string,
  password: string,
  browser = new FormBrowser(server.url),
): Promise<PageAnswer> {
  const headers = { 'x-forwarded-for': ip };
  const form = await browser.request('/login', { headers });
  return browser.request('/login', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrfToken(form.html), email, password }),
  });
}

async function sessionRows(): Promise<number> {
  const [rows] = await server.ctx.db.sequelize.query('SELECT COUNT(*) AS n FROM web_sessions');
  return Number((rows as { n: number | string }[])[0]?.n);
}

describe('login throttle', SLOW, () => {
  it('refuses e-mail addresses over 191 characters before counting them', async () => {
    const huge = `${'a'.repeat(15_000)}@example.de`;
    for (let i = 0; i < 20; i += 1) {
      const answer = await loginFrom('192.0.2.10', `${i}${huge}`, 'irgendwas-2026');
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('gültige E-Mail-Adresse');
    }
    // Nothing was counted: the IP may still log in.
    expect((await loginFrom('192.0.2.10', await account(), TEST_PASSWORD)).status).toBe(303);
  });

  it(`stops password spraying: ${LOGINS_PER_IP} attempts per IP, successful ones included`, async () => {
    const ip = '192.0.2.20';
    const own = await account();
    for (let i = 0; i < LOGINS_PER_IP; i += 1) {
      // Half of them are the attacker's own successful logins.
      const answer =
        i % 2 === 0
          ? await loginFrom(ip, own, TEST_PASSWORD)
          : await loginFrom(ip, newEmail(), 'Sommer-2026!x');
      expect(answer.status).toBe(i % 2 === 0 ? 303 : 401);
    }
    const refused = await loginFrom(ip, own, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Zu viele Anmeldeversuche von Ihrer Adresse');
    // Other IPs are not affected.
    expect((await loginFrom('192.0.2.21', own, TEST_PASSWORD)).status).toBe(303);
  });

  it('slows distributed guessing of one account without locking its owner out', async () => {
    const victim = await account();
    const owner = new FormBrowser(server.url);
    expect((await loginFrom('198.51.100.1', victim, TEST_PASSWORD, owner)).status).toBe(303);
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT; i += 1) {
      const guess = await loginFrom(`203.0.113.${i + 1}`, victim, `Rate-${i}-Versuch`);
      expect(guess.status).toBe(401);
    }
    // A new IP, even with the right password, is turned away for this account only ...
    const stranger = await loginFrom('203.0.113.200', victim, TEST_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.html).toContain('für dieses Konto');
    expect((await loginFrom('203.0.113.200', await account(), TEST_PASSWORD)).status).toBe(303);
    // ... while the owner's browser, which signed in before, still gets in.
    owner.cookies.delete('brw.sid');
    expect((await loginFrom('198.51.100.2', victim, TEST_PASSWORD, owner)).status).toBe(303);
    // A password reset proves the mailbox and clears the count for every browser.
    await resetPassword(victim, 'Neues-Passwort-2026');
    expect((await loginFrom('203.0.113.201', victim, 'Neues-Passwort-2026')).status).toBe(303);
  });

  it.runIf(serviceAvailable('Redis', redisAvailability()))(
    'keeps throttle keys in Redis short, address-free and expiring',
    async () => {
      const prefix = `brw-test-${Date.now()}:`;
      const shared = await startTestServer({
        env: {
          REDIS_URL: process.env.TEST_REDIS_URL ?? '',
          REDIS_KEY_PREFIX: prefix,
        },
      });
      try {
        for (let i = 0; i < 5; i += 1) {
          const browser = new FormBrowser(shared.url);
          const answer = await browser.submit('/login', '/login', {
            email: `${'x'.repeat(150)}${i}@example.de`,
            password: 'falsch-falsch-1',
          });
          expect(answer.status).toBe(401);
        }
        const redis = shared.ctx.redis;
        const keys = (await redis?.sendCommand(['KEYS', `${prefix}rl:login*`])) as string[];
        expect(keys.length).toBeGreaterThanOrEqual(5);
        for (const key of keys) {
          expect(key.length).toBeLessThan(prefix.length + 64);
          expect(key).not.toContain('example.de');
          expect(Number(await redis?.sendCommand(['PTTL', key]))).toBeGreaterThan(0);
        }
      } finally {
        await shared.close();
      }
    },
  );
});

describe('sessions', SLOW, () => {
  it('writes no session row for anonymous page views and failed logins', async () => {
    const before = await sessionRows();
    const email = await account();
    for (let i = 0; i < 30; i += 1) {
      const browser = new FormBrowser(server.url);
      await browser.request(i % 2 ? '/login' : '/signup', {
        headers: { 'x-forwarded-for': `10.1.${i}.1` },
      });
      await browser.request('/password/forgot', { headers: { 'x-forwarded-for': `10.1.${i}.1` } });
    }
    expect((await loginFrom('10.2.0.1', email, 'ganz-falsch-2026')).status).toBe(401);
    expect(await sessionRows()).toBe(before);
    expect((await loginFrom('10.2.0.1', email, TEST_PASSWORD)).status).toBe(303);
    expect(await sessionRows()).toBe(before + 1);
  });

  it('rate-limits anonymous page views per IP, not signed-in users', async () => {
    const limited = await startTestServer({
      env: { RATE_LIMIT_PER_MINUTE: '5' },
    });
    try {
      const email = newEmail();
      await limited.ctx.accounts.create({ email, password: TEST_PASSWORD });
      const user = new FormBrowser(limited.url);
      expect((await user.login(email, TEST_PASSWORD)).status).toBe(303); // 2 anonymous requests
      for (let i = 0; i < 7; i += 1) expect((await user.get('/dashboard')).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await fetch(`${limited.url}/login`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

async function resetPassword(email: string, password: string) {
  const browser = new FormBrowser(server.url);
  const sent = await browser.submit('/password/forgot', '/password/forgot', { email });
  expect(sent.status).toBe(200);
  const link = new URL(linkIn(await server.mail.next(email), `${server.url}/password/reset`));
  const page = `${link.pathname}${link.search}`;
  const token = link.searchParams.get('token') ?? '';
  const answer = await browser.submit(page, '/password/reset', {
    token,
    password,
    password_confirmation: password,
  });
  expect(answer.status, answer.html).toBe(200);
  expect(answer.html).toContain('Ihr Passwort ist geändert');
  return { browser, page, token };
}

describe('password reset and change', SLOW, () => {
  it('resets by a one-time link; the same answer and no mail for unknown addresses', async () => {
    const email = await account();
    const { browser, page, token } = await resetPassword(email, 'Zweites-Passwort-2026');
    expect((await new FormBrowser(server.url).login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await new FormBrowser(server.url).login(email, 'Zweites-Passwort-2026')).status).toBe(
      303,
    );
    // The link works once.
    const again = await browser.submit(page, '/password/reset', {
      token,
      password: 'Drittes-Passwort-2026',
      password_confirmation: 'Drittes-Passwort-2026',
    });
    expect(again.status).toBe(400);
    expect(again.html).toContain('Link ist ungültig');
    // An unknown address gets the same page, and no mail is sent.
    const unknown = newEmail();
    const mailsBefore = server.mail.received.length;
    const known = await new FormBrowser(server.url).submit('/password/forgot', '/password/forgot', {
      email,
    });
    const none = await new FormBrowser(server.url).submit('/password/forgot', '/password/forgot', {
      email: unknown,
    });
    expect(none.status).toBe(known.status);
    expect(none.html.replaceAll(unknown, '…')).toBe(known.html.replaceAll(email, '…'));
    await server.mail.next(email);
    expect(server.mail.received.slice(mailsBefore).map((m) => m.to)).toEqual([email]);
  });

  it('changes the password in the dashboard only with the current one', async () => {
    const email = await account();
    const browser = new FormBrowser(server.url);
    expect((await browser.login(email, TEST_PASSWORD)).status).toBe(303);
    const change = (current: string, next: string) =>
      browser.submit('/dashboard/password', '/dashboard/password', {
        current_password: current,
        password: next,
        password_confirmation: next,
      });
    const wrong = await change('nicht-das-richtige-1', 'Neu-und-lang-2026');
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('bisherige Passwort ist falsch');
    const weak = await change(TEST_PASSWORD, 'qwerty123456');
    expect(weak.status).toBe(400);
    expect(weak.html).toContain('häufigsten');
    const changed = await change(TEST_PASSWORD, 'Neu-und-lang-2026');
    expect(changed.status).toBe(303);
    expect((await browser.get('/dashboard')).html).toContain('Ihr Passwort ist geändert');
    expect((await new FormBrowser(server.url).login(email, 'Neu-und-lang-2026')).status).toBe(303);
  });
});

// The hashing queue and the replacement of old hashes are about the hashing cost itself.
describe('at the production hashing cost', SLOW, () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ env: { TRUST_PROXY: 'loopback', ...PRODUCTION_HASHING } });
  });
  afterAll(async () => {
    await production.close();
  });

  it('answers logins past the hashing queue with a 503 page that says to retry, never a 500', async () => {
    const email = await account(TEST_PASSWORD, production);
    const answers = await Promise.all(
      Array.from({ length: HASHES_WAITING + 8 }, (_, i) =>
        loginFrom(`100.64.${i}.1`, email, TEST_PASSWORD, new FormBrowser(production.url)),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 303).length).toBeGreaterThanOrEqual(HASHES_WAITING);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.html).toContain('Gerade melden sich sehr viele Nutzer an');
    expect(statuses.every((s) => s === 303 || s === 503)).toBe(true);
    expect(production.logs.text()).not.toContain('dashboard page failed');
  });

  it('replaces a hash of the old, cheaper scrypt cost at the next login', async () => {
    const email = await account(TEST_PASSWORD, production);
    const user = await production.ctx.accounts.findByEmail(email);
    const { scrypt, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(TEST_PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 }, (err, k) =>
        err ? reject(err) : resolve(k),
      ),
    );
    const old = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await production.ctx.db.sequelize.query('UPDATE users SET password_hash = ? WHERE id = ?', {
      replacements: [old, user?.id],
    });
    expect((await new FormBrowser(production.url).login(email, TEST_PASSWORD)).status).toBe(303);
    const stored = (await production.ctx.accounts.findByEmail(email))?.passwordHash ?? '';
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(stored.startsWith((await hashPassword('x')).slice(0, 18))).toBe(true);
  });
});
