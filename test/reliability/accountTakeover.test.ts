// Taking over an account through its e-mail links and sessions, on loopback
// with the real pages: a second sign-up for an address changes nothing about
// its account, confirming an address asks for the password of the sign-up (so
// an address someone else signed up first is never confirmed with their
// password), a login to an unconfirmed account sends the link again at most
// once per 15 minutes, and a password reset or change ends the sessions (and,
// when asked or when the account was never confirmed, the keys and apps) an
// attacker may hold.
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type ReceivedMail } from '#dev/fakes/smtpFake.js';
import { manualClock } from '../support/clock.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import {
  checkedBoxes,
  csrfToken,
  decodeHtml,
  FormBrowser,
} from '../server/oauth/support/formBrowser.js';
import {
  consentedTokens,
  discover,
  me,
  refreshRequest,
  registerClient,
} from '../server/oauth/support/oauthClient.js';
import { TEST_PASSWORD } from '../server/oauth/support/signedIn.js';

// Every sign-up and login runs one scrypt hash (at the production cost about 0.3 s).
const SLOW = { timeout: 120_000 };
const MINUTE = 60_000;

const clock = manualClock(new Date());
let server: TestServer;
let counter = 0;
const newEmail = () => `opfer${(counter += 1)}-${Date.now()}@example.de`;

let as: oauth.AuthorizationServer;

beforeAll(async () => {
  server = await startTestServer({ clock: clock.now });
  as = await discover(server.url);
});
afterAll(async () => {
  await server.close();
});

function signUp(email: string, password: string) {
  return new FormBrowser(server.url).submit('/signup', '/signup', {
    email,
    password,
    password_confirmation: password,
  });
}

function confirm(browser: FormBrowser, mail: ReceivedMail, password: string) {
  const link = new URL(linkIn(mail, `${server.url}/signup/confirm?token=`));
  return browser.submit(`${link.pathname}${link.search}`, '/signup/confirm', {
    token: link.searchParams.get('token') ?? '',
    password,
  });
}

const mailsTo = (email: string) => server.mail.received.filter((m) => m.to === email);

describe('a second sign-up for an address', SLOW, () => {
  it('leaves an unconfirmed account to the first sign-up and tells the owner', async () => {
    const address = newEmail();
    const fresh = newEmail();
    const owner = await signUp(address, 'Passwort-des-Inhabers-2026');
    const ownerLink = await server.mail.next(address);
    const hashBefore = (await server.ctx.accounts.findByEmail(address))?.passwordHash;

    const attacker = await signUp(address, 'Passwort-des-Angreifers-2026');
    const other = await signUp(fresh, 'Passwort-des-Angreifers-2026');
    expect(attacker.status).toBe(owner.status);
    expect(attacker.html.replaceAll(address, '…')).toBe(other.html.replaceAll(fresh, '…'));
    expect((await server.mail.next(address)).subject).toBe(
      'Jemand wollte sich mit Ihrer Adresse registrieren',
    );
    expect((await server.ctx.accounts.findByEmail(address))?.passwordHash).toBe(hashBefore);

    // The owner's first link still confirms, and only the owner's password opens the account.
    const browser = new FormBrowser(server.url);
    expect((await confirm(browser, ownerLink, 'Passwort-des-Inhabers-2026')).status).toBe(200);
    expect((await browser.login(address, 'Passwort-des-Angreifers-2026')).status).toBe(401);
    expect((await browser.login(address, 'Passwort-des-Inhabers-2026')).status).toBe(303);
  });

  it('leaves a confirmed account as it is', async () => {
    const address = newEmail();
    await server.ctx.accounts.create({ email: address, password: 'Passwort-des-Inhabers-2026' });
    await signUp(address, 'Passwort-des-Angreifers-2026');
    expect((await server.mail.next(address)).subject).toBe('Sie haben bereits ein Konto');
    const browser = new FormBrowser(server.url);
    expect((await browser.login(address, 'Passwort-des-Angreifers-2026')).status).toBe(401);
    expect((await browser.login(address, 'Passwort-des-Inhabers-2026')).status).toBe(303);
  });
});

describe('an address someone else signed up first', SLOW, () => {
  it('is not confirmed with their password: the owner sets a password of their own', async () => {
    const address = newEmail();
    const attackerPassword = 'Passwort-des-Angreifers-2026';
    const ownerPassword = 'Passwort-des-Inhabers-2026';
    await signUp(address, attackerPassword);
    const firstLink = await server.mail.next(address);
    await signUp(address, ownerPassword);
    const notice = await server.mail.next(address);
    expect(notice.subject).toBe('Jemand wollte sich mit Ihrer Adresse registrieren');

    // The owner opens the first mail's link and confirms with the password they know.
    const owner = new FormBrowser(server.url);
    const refused = await confirm(owner, firstLink, ownerPassword);
    expect(refused.status).toBe(401);
    expect(decodeHtml(refused.html)).toContain('Passwort vergessen');
    expect((await server.ctx.accounts.findByEmail(address))?.emailVerifiedAt).toBeNull();
    const attacker = new FormBrowser(server.url);
    expect((await attacker.login(address, attackerPassword)).status).toBe(403);

    // The way the pages and the mail point to: a new password, which confirms the address.
    expect(notice.text).toContain(`${server.url}/password/forgot`);
    expect((await reset(await resetLink(address), ownerPassword)).status).toBe(200);
    expect((await attacker.login(address, attackerPassword)).status).toBe(401);
    expect((await owner.login(address, ownerPassword)).status).toBe(303);
    expect((await owner.get('/dashboard')).html).toContain('aktiv, endet am');
  });

  it("ends, at the owner's reset, the keys the account got before anyone confirmed it", async () => {
    const address = newEmail();
    await signUp(address, 'Passwort-des-Angreifers-2026');
    await server.mail.next(address);
    const user = await server.ctx.accounts.findByEmail(address);
    if (!user) throw new Error('the sign-up made no account');
    // A key made for the address with `npm run admin -- key:create` while nobody had confirmed it.
    const key = await server.ctx.apiKeys.create(user.id, 'Skript', 'unlimited');
    expect((await me(server.url, key.value)).status).toBe(200);

    const link = await resetLink(address);
    const form = await new FormBrowser(server.url).get(link.page);
    expect(form.html).toMatch(/name="revoke_keys" value="1" checked/);
    expect(form.html).toMatch(/name="revoke_apps" value="1" checked/);
    const answer = await reset(link, 'Passwort-des-Inhabers-2026');
    expect(answer.status).toBe(200);
    expect(decodeHtml(answer.html)).toContain('1 API-Schlüssel widerrufen');
    expect((await me(server.url, key.value)).status).toBe(401);
  });
});

describe('a login to an unconfirmed account', SLOW, () => {
  it('sends the confirmation link again at most once per 15 minutes', async () => {
    const address = newEmail();
    const password = 'Passwort-des-Inhabers-2026';
    await signUp(address, password);
    await server.mail.next(address);
    const browser = new FormBrowser(server.url);
    for (let i = 0; i < 3; i += 1) {
      const early = await browser.login(address, password);
      expect(early.status).toBe(403);
      expect(early.html).toContain('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse');
    }
    clock.advance(16 * MINUTE);
    for (let i = 0; i < 3; i += 1) await browser.login(address, password);
    const again = await server.mail.next(address);
    expect(again.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    // The sign-up's mail and one more: the logins within 15 minutes of a link sent none.
    await server.ctx.mailer.idle();
    expect(mailsTo(address)).toHaveLength(2);
    expect((await confirm(browser, again, password)).status).toBe(200);
  });
});

async function signedIn(email: string, password = TEST_PASSWORD) {
  const browser = new FormBrowser(server.url);
  expect((await browser.login(email, password)).status).toBe(303);
  return browser;
}

async function resetLink(email: string) {
  await new FormBrowser(server.url).submit('/password/forgot', '/password/forgot', { email });
  const link = new URL(linkIn(await server.mail.next(email), `${server.url}/password/reset`));
  return { page: `${link.pathname}${link.search}`, token: link.searchParams.get('token') ?? '' };
}

/** Submits the reset form as a browser would: with the boxes the page ticked, plus `extra`. */
async function reset(link: { page: string; token: string }, password: string, extra = {}) {
  const browser = new FormBrowser(server.url);
  const form = await browser.get(link.page);
  return browser.post('/password/reset', {
    _csrf: csrfToken(form.html),
    ...checkedBoxes(form.html),
    token: link.token,
    password,
    password_confirmation: password,
    ...extra,
  });
}

function change(browser: FormBrowser, current: string, password: string, extra = {}) {
  return browser.submit('/dashboard/password', '/dashboard/password', {
    current_password: current,
    password,
    password_confirmation: password,
    ...extra,
  });
}

const stillIn = async (browser: FormBrowser) => (await browser.get('/dashboard')).status === 200;

describe('a password reset or change', SLOW, () => {
  it('ends every session at a reset, and every other session at a change', async () => {
    const email = newEmail();
    await server.ctx.accounts.create({ email, password: TEST_PASSWORD });
    const attacker = await signedIn(email);
    const owner = await signedIn(email);
    expect(await stillIn(attacker)).toBe(true);

    const changed = await change(owner, TEST_PASSWORD, 'Neues-Passwort-2026');
    expect(changed.status).toBe(303);
    expect(await stillIn(attacker)).toBe(false);
    const overview = await owner.get('/dashboard');
    expect(overview.status).toBe(200);
    expect(overview.html).toContain('Alle anderen Anmeldungen sind beendet');

    const attackerAgain = await signedIn(email, 'Neues-Passwort-2026');
    const answer = await reset(await resetLink(email), 'Drittes-Passwort-2026');
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Alle Anmeldungen sind beendet');
    expect(await stillIn(attackerAgain)).toBe(false);
    expect(await stillIn(owner)).toBe(false);
  });

  it('makes a reset link issued before a change or another reset invalid', async () => {
    const email = newEmail();
    await server.ctx.accounts.create({ email, password: TEST_PASSWORD });
    const early = await resetLink(email);
    await change(await signedIn(email), TEST_PASSWORD, 'Neues-Passwort-2026');
    const refused = await reset(early, 'Angreifer-Passwort-2026');
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Link ist ungültig');

    const first = await resetLink(email);
    const second = await resetLink(email);
    expect((await reset(second, 'Drittes-Passwort-2026')).status).toBe(200);
    expect((await reset(first, 'Angreifer-Passwort-2026')).status).toBe(400);
    expect((await new FormBrowser(server.url).login(email, 'Drittes-Passwort-2026')).status).toBe(
      303,
    );
  });

  it('revokes API keys and connected apps only when asked, and says what it ended', async () => {
    const email = newEmail();
    const user = await server.ctx.accounts.create({ email, password: TEST_PASSWORD });
    const browser = await signedIn(email);
    const key = await server.ctx.apiKeys.create(user.id, 'Skript', 'unlimited');
    const client = await registerClient(as, { client_name: 'Fremde App' });
    const tokens = await consentedTokens(as, client, browser);
    const form = await browser.get('/dashboard/password');
    expect(form.html).toMatch(/<input type="checkbox" name="revoke_keys" value="1">/);
    expect(form.html).toMatch(/<input type="checkbox" name="revoke_apps" value="1">/);

    // Off by default: a plain change leaves both working.
    await change(browser, TEST_PASSWORD, 'Neues-Passwort-2026');
    expect((await me(server.url, key.value)).status).toBe(200);
    expect((await me(server.url, tokens.access_token)).status).toBe(200);

    const both = { revoke_keys: '1', revoke_apps: '1' };
    expect(
      (await change(browser, 'Neues-Passwort-2026', 'Drittes-Passwort-2026', both)).status,
    ).toBe(303);
    const notice = decodeHtml((await browser.get('/dashboard')).html);
    expect(notice).toContain('1 API-Schlüssel widerrufen');
    expect(notice).toContain('1 verbundenen App den Zugriff entzogen');
    expect((await me(server.url, key.value)).status).toBe(401);
    expect((await me(server.url, tokens.access_token)).status).toBe(401);
    const refreshed = await refreshRequest(server.url, client.client_id, tokens.refresh_token);
    expect(refreshed.status).toBe(400);

    // A reset offers the same choice.
    const link = await resetLink(email);
    expect((await new FormBrowser(server.url).get(link.page)).html).toContain('name="revoke_keys"');
    const second = await server.ctx.apiKeys.create(user.id, 'Zweites Skript', 'unlimited');
    const answer = await reset(link, 'Viertes-Passwort-2026', { revoke_keys: '1' });
    expect(decodeHtml(answer.html)).toContain('1 API-Schlüssel widerrufen');
    expect((await me(server.url, second.value)).status).toBe(401);
  });
});
