// Taking over an account through its e-mail links and sessions, on loopback
// with the real pages: a second sign-up for an address changes nothing about
// its account, and a login to an unconfirmed account sends the link again at
// most once per 15 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type ReceivedMail } from '../../server/src/fakes/smtpFake.js';
import { manualClock } from '../support/clock.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { FormBrowser } from '../server/oauth/support/formBrowser.js';

// Every sign-up and login runs one scrypt hash at the production cost (about 0.3 s).
const SLOW = { timeout: 120_000 };
const MINUTE = 60_000;

const clock = manualClock(new Date());
let server: TestServer;
let counter = 0;
const newEmail = () => `opfer${(counter += 1)}-${Date.now()}@example.de`;

beforeAll(async () => {
  server = await startTestServer({ clock: clock.now });
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

function confirm(browser: FormBrowser, mail: ReceivedMail) {
  const link = new URL(linkIn(mail, `${server.url}/signup/confirm?token=`));
  return browser.submit(`${link.pathname}${link.search}`, '/signup/confirm', {
    token: link.searchParams.get('token') ?? '',
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
    expect((await confirm(browser, ownerLink)).status).toBe(200);
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
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(address)).toHaveLength(2);
    expect((await confirm(browser, again)).status).toBe(200);
  });
});
