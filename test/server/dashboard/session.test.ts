import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/testServer.js';
import { csrfToken, FormBrowser } from '../oauth/support/formBrowser.js';
import { TEST_PASSWORD } from '../oauth/support/signedIn.js';

let counter = 0;
const newEmail = () => `konto${(counter += 1)}-${Date.now()}@example.de`;

describe('dashboard sessions, CSRF and login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function account() {
    const email = newEmail();
    await server.ctx.accounts.create({ email, password: TEST_PASSWORD });
    return email;
  }

  it('signs up with the 14-day Pro trial and lands on the overview', async () => {
    const browser = new FormBrowser(server.url);
    const email = newEmail();
    const answer = await browser.submit('/signup', '/signup', {
      email,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/dashboard');
    const overview = await browser.get('/dashboard');
    expect(overview.status).toBe(200);
    expect(overview.html).toContain('14-tägiger Test des Pro-Tarifs');
    expect(overview.html).toContain('0 von 100 Abfragen');
    const user = await server.ctx.accounts.findByEmail(email);
    expect(user?.trialExpiresAt).toBeInstanceOf(Date);
  });

  it.each([
    ['a short password', 'kurz1', 'mindestens 10 Zeichen'],
    ['digits only', '12345678901', 'Buchstaben und mindestens eine Ziffer'],
    ['a mismatching confirmation', TEST_PASSWORD, 'stimmen nicht überein'],
  ])('refuses %s with a German message', async (_name, password, message) => {
    const browser = new FormBrowser(server.url);
    const answer = await browser.submit('/signup', '/signup', {
      email: newEmail(),
      password,
      password_confirmation: password === TEST_PASSWORD ? 'anders-2026' : password,
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(message);
  });

  it('refuses a second account with the same email', async () => {
    const email = await account();
    const answer = await new FormBrowser(server.url).submit('/signup', '/signup', {
      email,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    });
    expect(answer.status).toBe(409);
    expect(answer.html).toContain('bereits ein Konto');
  });

  it('sets the session cookie httpOnly and SameSite=Lax, not Secure on plain http', async () => {
    const browser = new FormBrowser(server.url);
    const page = await browser.get('/login');
    const cookies = page.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('brw.sid='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
  });

  it('rejects a form without its CSRF token or with a forged one (403)', async () => {
    const email = await account();
    const browser = new FormBrowser(server.url);
    await browser.get('/login');
    const missing = await browser.post('/login', { email, password: TEST_PASSWORD });
    expect(missing.status).toBe(403);
    expect(missing.html).toContain('Formular ist abgelaufen');
    const forged = await browser.post('/login', {
      _csrf: 'f'.repeat(64) + '.' + 'a'.repeat(64),
      email,
      password: TEST_PASSWORD,
    });
    expect(forged.status).toBe(403);
    // A token from another visitor's session does not fit this one.
    const other = new FormBrowser(server.url);
    const otherToken = csrfToken((await other.get('/login')).html);
    const foreign = await browser.post('/login', {
      _csrf: otherToken,
      email,
      password: TEST_PASSWORD,
    });
    expect(foreign.status).toBe(403);
  });

  it('gives a new session id at login, so a planted session id is worthless', async () => {
    const email = await account();
    const browser = new FormBrowser(server.url);
    const login = await browser.get('/login');
    const planted = browser.cookies.get('brw.sid');
    expect(planted).toBeDefined();
    const answer = await browser.post('/login', {
      _csrf: csrfToken(login.html),
      email,
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(303);
    expect(browser.cookies.get('brw.sid')).not.toBe(planted);
    // The attacker who planted the old id is not signed in.
    const attacker = new FormBrowser(server.url);
    attacker.cookies.set('brw.sid', String(planted));
    expect((await attacker.get('/dashboard')).status).toBe(303);
    expect((await browser.get('/dashboard')).status).toBe(200);
  });

  it('answers a wrong password with 401 and throttles after 10 failures per IP and email', async () => {
    const email = await account();
    const browser = new FormBrowser(server.url);
    for (let i = 0; i < 10; i += 1) {
      const wrong = await browser.submit('/login', '/login', { email, password: 'falsch-12345' });
      expect(wrong.status).toBe(401);
      expect(wrong.html).toContain('E-Mail-Adresse oder Passwort ist falsch');
    }
    const blocked = await browser.submit('/login', '/login', { email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.html).toContain('Zu viele fehlgeschlagene Anmeldeversuche');
    // Another email from the same address is not affected.
    const other = await account();
    expect(
      (await browser.submit('/login', '/login', { email: other, password: TEST_PASSWORD })).status,
    ).toBe(303);
  });

  it('logs out and forgets the session', async () => {
    const email = await account();
    const browser = new FormBrowser(server.url);
    await browser.login(email, TEST_PASSWORD);
    const overview = await browser.get('/dashboard');
    const out = await browser.post('/logout', { _csrf: csrfToken(overview.html) });
    expect(out.status).toBe(303);
    expect((await browser.get('/dashboard')).status).toBe(303);
  });

  it('never logs the password, the CSRF token or a query string', () => {
    const logs = server.logs.text();
    expect(logs).not.toContain(TEST_PASSWORD);
    expect(logs).not.toContain('_csrf');
    expect(logs).not.toContain('?next=');
  });

  it('marks the session cookie Secure when BASE_URL is https', async () => {
    const secure = await startTestServer({
      env: { BASE_URL: 'https://brw.example.de', TRUST_PROXY: '1' },
    });
    try {
      const res = await fetch(`${secure.url}/login`, { headers: { 'x-forwarded-proto': 'https' } });
      const session = res.headers.getSetCookie().find((c) => c.startsWith('brw.sid='));
      expect(session).toMatch(/Secure/);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('__Host-brw.csrf='))).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
