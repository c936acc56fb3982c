// An account with a password and a browser signed in to it.
import { expect } from 'vitest';
import type { TestServer } from '../../../support/testServer.js';
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
