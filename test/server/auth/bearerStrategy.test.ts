// The bearer strategy on its own, behind requireBearer on a loopback server:
// the resolvers it was built with are asked in order, the first principal
// wins, and every request gets its own answer even when they overlap.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '#shared/errors.js';
import { createBearerAuthentication } from '#server/auth/bearerAuthentication.js';
import { principalOf, requireBearer } from '#server/auth/requireBearer.js';
import type { Principal, TokenResolver } from '#server/auth/types.js';

const asked: string[] = [];

/** A resolver that knows some tokens, answers after `delayMs` and notes that it was asked. */
function resolver(name: string, known: Record<string, string>, delayMs = 0): TokenResolver {
  return async (token) => {
    asked.push(name);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (token === 'boom') throw new Error(`${name} is down`);
    const accountId = known[token];
    return accountId ? { accountId, kind: 'api_key', credentialId: name } : null;
  };
}

let server: Server;
let url: string;
beforeAll(async () => {
  const bearer = createBearerAuthentication([
    resolver('keys', { shared: 'from-keys', slow: 'slow-account' }, 5),
    resolver('oauth', { shared: 'from-oauth', at_only: 'oauth-account', fast: 'fast-account' }),
  ]);
  const app = express();
  app.get('/who', requireBearer({ bearer }), (req, res) => {
    res.json(principalOf(req));
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res
      .status(isAppError(err) ? err.status : 500)
      .json({ error: isAppError(err) ? err.code : 'x' });
  });
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
});

async function who(token?: string) {
  const res = await fetch(`${url}/who`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as Partial<Principal> & { error?: string },
  };
}

describe('the bearer strategy', () => {
  it('asks the resolvers in the order given and stops at the first principal', async () => {
    expect(await who('shared')).toMatchObject({ status: 200, body: { accountId: 'from-keys' } });
    expect(asked).toEqual(['keys']);
  });

  it('asks the next resolver when the first does not know the token', async () => {
    expect(await who('at_only')).toMatchObject({
      status: 200,
      body: { accountId: 'oauth-account', credentialId: 'oauth' },
    });
    expect(asked).toEqual(['keys', 'oauth']);
  });

  it('answers invalid_token when no resolver knows the token', async () => {
    expect(await who('unknown')).toEqual({ status: 401, body: { error: 'invalid_token' } });
    expect(asked).toEqual(['keys', 'oauth']);
  });

  it('answers missing_token without asking any resolver when no token is sent', async () => {
    expect(await who()).toEqual({ status: 401, body: { error: 'missing_token' } });
    expect(asked).toEqual([]);
  });

  it('passes a failing resolver on as an error, not as an invalid token', async () => {
    expect(await who('boom')).toEqual({ status: 500, body: { error: 'x' } });
  });

  it('keeps overlapping requests apart: each gets the principal of its own token', async () => {
    const [slow, fast] = await Promise.all([who('slow'), who('fast')]);
    expect(slow.body.accountId).toBe('slow-account');
    expect(fast.body.accountId).toBe('fast-account');
  });

  it('lets the principal carry the token it was authenticated by', async () => {
    expect(await who('at_only')).toMatchObject({ status: 200, body: { token: 'at_only' } });
  });

  it('answers invalid_token for a header the strategy cannot parse (RFC 6750 400)', async () => {
    expect(await who('shared extra')).toEqual({ status: 401, body: { error: 'invalid_token' } });
    expect(asked).toEqual([]);
  });

  it('resolves a token without a request', async () => {
    const bearer = createBearerAuthentication([resolver('keys', { k: 'a' })]);
    expect(await bearer.resolve('k')).toMatchObject({ accountId: 'a' });
  });
});
