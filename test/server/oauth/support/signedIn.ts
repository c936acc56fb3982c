// An account with a password and a browser signed in to it.
import { expect } from 'vitest';
import { linkIn } from '#dev/fakes/smtpFake.js';
import type { TestServer } from '#dev/service/testServer.js';
import { FormBrowser } from './formBrowser.js';

let counter = 0;
export const TEST_PASSWORD = 'Grundstück-2026';

export async function signedInBrowser(server: TestServer) {
  counter += 1;
  const email = `nutzer${counter}-${Date.now()}@example.de`;
  const user = await server.ctx.accounts.create({ email, password: TEST_PASSWORD });
  const browser = new FormBrowser(server.url);
  const login = await browser.login(email, TEST_PASSWORD);
  expect(login.status, login.html).toBe(303);
  return { user, email, browser };
}

/**
 * Signs up through the form, opens the confirmation link from the e-mail
 * and confirms with the password, as a new user would; the browser is not
 * signed in yet.
 */
export async function signUpAndConfirm(
  server: TestServer,
  browser: FormBrowser,
  email: string,
  password = TEST_PASSWORD,
) {
  const answer = await browser.submit('/signup', '/signup', {
    email,
    password,
    password_confirmation: password,
  });
  expect(answer.status, answer.html).toBe(200);
  const mail = await server.mail.next(email);
  const link = new URL(linkIn(mail, `${server.url}/signup/confirm?token=`));
  const confirmed = await browser.submit(`${link.pathname}${link.search}`, '/signup/confirm', {
    token: link.searchParams.get('token') ?? '',
    password,
  });
  expect(confirmed.status, confirmed.html).toBe(200);
  return confirmed;
}
