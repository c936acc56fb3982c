// Flooding a mailbox through the sign-up, reset and login forms, on loopback
// with the real pages and a captured mailbox: 30 sign-ups and 30 reset
// requests from 30 client IPs (each IP stays under its own limit) for one
// address and for plus-addresses of its mailbox, and logins to 30 unconfirmed
// plus-address accounts (each sends its confirmation again). At most three
// mails an hour reach the mailbox, whatever sends them; every later request
// answers the same page without sending, and the link the owner holds keeps
// working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '#dev/fakes/smtpFake.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { mailboxOf } from '#shared/mailbox.js';
import { csrfToken, FormBrowser } from '../server/oauth/support/formBrowser.js';
import { FigureBook } from './support/figures.js';

// Every sign-up runs one scrypt hash (at the production cost about 0.3 s).
const SLOW = { timeout: 180_000 };
const ATTEMPTS = 30;
const figures = new FigureBook('mail-flood');

let server: TestServer;
beforeAll(async () => {
  // The proxy on loopback lets each request name its client IP (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  figures.write();
  await server.close();
});

/** Loads the form and posts it from the client IP, as a browser behind that IP would. */
async function submitFrom(ip: string, page: string, fields: Record<string, string>) {
  const browser = new FormBrowser(server.url);
  const headers = { 'x-forwarded-for': ip };
  const form = await browser.request(page, { headers });
  const answer = await browser.request(page, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrfToken(form.html), ...fields }),
  });
  figures.answer(answer.status);
  return answer;
}

const signUpFrom = (ip: string, email: string) =>
  submitFrom(ip, '/signup', {
    email,
    password: 'Passwort-des-Angreifers-2026',
    password_confirmation: 'Passwort-des-Angreifers-2026',
  });
const resetFrom = (ip: string, email: string) => submitFrom(ip, '/password/forgot', { email });

/** Settles the mailer's background sends, then the mails that reached the mailbox. */
async function mailsInMailbox(address: string) {
  await server.ctx.mailer.idle();
  return server.mail.received.filter((mail) => mailboxOf(mail.to) === mailboxOf(address));
}

describe('a flood of sign-ups and reset requests for one mailbox', SLOW, () => {
  it('sends at most three mails an hour and answers every request the same', async () => {
    const victim = `opfer-${Date.now()}@example.de`;
    const pages = new Set<string>();
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const signup = await signUpFrom(`2001:db8:${i.toString(16)}::1`, victim);
      const reset = await resetFrom(`2001:db8:${(i + 100).toString(16)}::1`, victim);
      expect([signup.status, reset.status]).toEqual([200, 200]);
      pages.add(signup.html.replace(/name="_csrf" value="[^"]*"/, ''));
    }
    const mails = await mailsInMailbox(victim);
    figures.note(
      `${2 * ATTEMPTS} sign-up and reset requests for one address: ${mails.length} mails`,
    );
    expect(mails.length).toBeLessThanOrEqual(3);
    expect(pages.size).toBe(1);
  });

  it('counts plus-addresses of the mailbox together', async () => {
    const name = `farmer-${Date.now()}`;
    for (let i = 0; i < ATTEMPTS; i += 1) {
      expect((await signUpFrom(`10.7.${i}.1`, `${name}+${i}@example.de`)).status).toBe(200);
    }
    const mails = await mailsInMailbox(`${name}@example.de`);
    figures.note(`${ATTEMPTS} sign-ups of plus-addresses of one mailbox: ${mails.length} mails`);
    expect(mails.length).toBeLessThanOrEqual(3);
  });

  it('counts the confirmation a login sends again in the same budget', async () => {
    const name = `anmelder-${Date.now()}`;
    const password = 'Passwort-des-Angreifers-2026';
    // Eight accounts suffice: past three sign-up mails, every login would send one more.
    const addresses = Array.from({ length: 8 }, (_, i) => `${name}+${i}@example.de`);
    for (const [i, email] of addresses.entries()) {
      expect((await signUpFrom(`10.9.${i}.1`, email)).status).toBe(200);
    }
    for (const [i, email] of addresses.entries()) {
      const login = await submitFrom(`10.10.${i}.1`, '/login', { email, password });
      expect(login.status).toBe(403);
      expect(login.html).toContain('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
    }
    const mails = await mailsInMailbox(`${name}@example.de`);
    figures.note(
      `${addresses.length} sign-ups and ${addresses.length} logins of unconfirmed plus-address accounts of one mailbox: ${mails.length} mails`,
    );
    expect(mails.length).toBeLessThanOrEqual(3);
  });

  it('sends an unconfirmed account its link again on login while the budget allows', async () => {
    const email = `spaet-${Date.now()}@example.de`;
    const password = 'Passwort-des-Inhabers-2026';
    // Registered without its sign-up mail, as when the budget was spent at sign-up.
    await server.ctx.accounts.register(email, password);
    const login = await submitFrom('10.11.0.1', '/login', { email, password });
    expect(login.status).toBe(403);
    expect(login.html).toContain('noch einmal geschickt');
    const mails = await mailsInMailbox(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no confirmation mail arrived');
    expect(linkIn(mail, `${server.url}/signup/confirm`)).toContain('token=');
  });

  it('leaves the last reset link sent working, however many requests follow', async () => {
    const email = `inhaber-${Date.now()}@example.de`;
    await server.ctx.accounts.create({ email, password: 'Passwort-des-Inhabers-2026' });
    for (let i = 0; i < ATTEMPTS; i += 1) await resetFrom(`10.8.${i}.1`, email);
    const mails = await mailsInMailbox(email);
    expect(mails.length).toBeLessThanOrEqual(3);
    const last = mails.at(-1);
    if (!last) throw new Error('no reset mail arrived');
    const link = new URL(linkIn(last, `${server.url}/password/reset`));
    const owner = new FormBrowser(server.url);
    const answer = await owner.submit(`${link.pathname}${link.search}`, '/password/reset', {
      token: link.searchParams.get('token') ?? '',
      password: 'Neues-Passwort-des-Inhabers-2026',
      password_confirmation: 'Neues-Passwort-des-Inhabers-2026',
    });
    expect(answer.status).toBe(200);
  });
});
