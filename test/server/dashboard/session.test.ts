import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '#dev/fakes/smtpFake.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
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

  it('signs up, confirms the address from the e-mail, and then has the 14-day Pro trial', async () => {
    const browser = new FormBrowser(server.url);
    const email = newEmail();
    const answer = await browser.submit('/signup', '/signup', {
      email,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Wir haben eine E-Mail an');
    const pending = await server.ctx.accounts.findByEmail(email);
    expect(pending?.emailVerifiedAt).toBeNull();
    expect(pending?.trialExpiresAt).toBeNull();
    // Before the confirmation, login is refused; the link went out moments ago.
    const early = await browser.login(email, TEST_PASSWORD);
    expect(early.status).toBe(403);
    expect(early.html).toContain('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse');
    const link = new URL(linkIn(await server.mail.next(email), `${server.url}/signup/confirm`));
    const confirmed = await browser.submit(`${link.pathname}${link.search}`, '/signup/confirm', {
      token: link.searchParams.get('token') ?? '',
      password: TEST_PASSWORD,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Test des Pro-Tarifs hat begonnen');
    expect((await browser.login(email, TEST_PASSWORD)).status).toBe(303);
    const overview = await browser.get('/dashboard');
    expect(overview.status).toBe(200);
    expect(overview.html).toContain('aktiv, endet am');
    expect(overview.html).toContain('0 von 100 Abfragen');
    const user = await server.ctx.accounts.findByEmail(email);
    expect(user?.trialExpiresAt).toBeInstanceOf(Date);
  });

  it.each([
    ['a short password', 'kurz1', 'mindestens 12 Zeichen'],
    ['a common password', 'Password1234', 'häufigsten'],
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

  it('answers a sign-up for a taken address like any other and tells the owner by e-mail', async () => {
    const email = await account();
    const fresh = newEmail();
    const submit = (address: string) =>
      new FormBrowser(server.url).submit('/signup', '/signup', {
        email: address,
        password: 'Anderes-Passwort-2026',
        password_confirmation: 'Anderes-Passwort-2026',
      });
    const [taken, other] = [await submit(email), await submit(fresh)];
    expect(taken.status).toBe(other.status);
    expect(taken.html.replaceAll(email, '…')).toBe(other.html.replaceAll(fresh, '…'));
    expect((await server.mail.next(email)).subject).toBe('Sie haben bereits ein Konto');
    expect((await server.mail.next(fresh)).subject).toBe(
      'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    );
    // The owner's password is untouched.
    expect((await new FormBrowser(server.url).login(email, TEST_PASSWORD)).status).toBe(303);
  });

  it('sets the session cookie httpOnly and SameSite=Lax, not Secure on plain http', async () => {
    const browser = new FormBrowser(server.url);
    const page = await browser.login(await account(), TEST_PASSWORD);
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
    // An attacker plants a session id of their own (here: one of a signed-out session).
    const planted = 's%3Aplanted-by-attacker.invalidsignature';
    browser.cookies.set('brw.sid', planted);
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
      const email = newEmail();
      await secure.ctx.accounts.create({ email, password: TEST_PASSWORD });
      const proxied = new FormBrowser(secure.url);
      const viaProxy = { 'x-forwarded-proto': 'https' };
      const page = await proxied.request('/login', { headers: viaProxy });
      const formCookies = page.headers.getSetCookie();
      expect(formCookies.find((c) => c.startsWith('__Host-brw.csrf='))).toMatch(/Secure/);
      expect(formCookies.find((c) => c.startsWith('__Host-brw.anon='))).toMatch(/Secure/);
      const login = await proxied.request('/login', {
        method: 'POST',
        headers: { ...viaProxy, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrfToken(page.html), email, password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(303);
      const session = login.headers.getSetCookie().find((c) => c.startsWith('brw.sid='));
      expect(session).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});
