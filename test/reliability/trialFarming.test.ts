// Trial farming with plus-addresses, through the real sign-up pages: one
// mailbox gets one trial, whatever follows the "+" in its address; each
// account keeps its address as typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { FormBrowser } from '../server/oauth/support/formBrowser.js';
import { signUpAndConfirm } from '../server/oauth/support/signedIn.js';

// Every sign-up runs one scrypt hash at the production cost (about 0.3 s).
const SLOW = { timeout: 120_000 };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function confirmed(email: string) {
  const page = await signUpAndConfirm(server, new FormBrowser(server.url), email);
  const user = await server.ctx.accounts.findByEmail(email);
  return { page, user };
}

describe('one trial per mailbox', SLOW, () => {
  it('gives the trial to the first address of a mailbox only, plus-addresses included', async () => {
    const stamp = Date.now();
    const first = await confirmed(`farmer${stamp}+1@example.de`);
    expect(first.user?.trialExpiresAt).toBeInstanceOf(Date);
    expect(first.page.html).toContain('Test des Pro-Tarifs hat begonnen');

    for (const address of [`farmer${stamp}+2@example.de`, `farmer${stamp}@example.de`]) {
      const again = await confirmed(address);
      expect(again.user?.email).toBe(address);
      expect(again.user?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(again.user?.trialExpiresAt).toBeNull();
      expect(again.page.html).toContain('bereits einen Test');
    }

    // Another mailbox of the same domain still gets its trial.
    const other = await confirmed(`farmer${stamp}x@example.de`);
    expect(other.user?.trialExpiresAt).toBeInstanceOf(Date);
  });
});
