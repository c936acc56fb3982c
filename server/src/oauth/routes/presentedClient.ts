// The client credentials a request to the token or revocation endpoint
// carries, and the method it used (RFC 6749 §2.3): HTTP Basic, the form
// fields client_id + client_secret, or client_id alone (a public client).
// A client must use the one method it registered; using two at once is
// refused (RFC 6749 §2.3: "MUST NOT use more than one").
import type { Request } from 'express';
import type { PresentedClient } from '../clients/clientTypes.js';
import { formDecode } from '../../auth/secrets.js';

export type Presented =
  { kind: 'client'; client: PresentedClient } | { kind: 'none' } | { kind: 'ambiguous' };

function basicCredentials(header: string | undefined): [string, string] | null {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return [formDecode(decoded.slice(0, colon)), formDecode(decoded.slice(colon + 1))];
}

const field = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === 'string' && body[name] !== '' ? body[name] : undefined;

export function presentedClient(req: Pick<Request, 'headers' | 'body'>): Presented {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const basic = basicCredentials(req.headers.authorization);
  const bodyId = field(body, 'client_id');
  const bodySecret = field(body, 'client_secret');
  if (basic) {
    if (bodySecret !== undefined || (bodyId !== undefined && bodyId !== basic[0])) {
      return { kind: 'ambiguous' };
    }
    return {
      kind: 'client',
      client: { clientId: basic[0], secret: basic[1], method: 'client_secret_basic' },
    };
  }
  if (bodyId === undefined) return { kind: 'none' };
  return {
    kind: 'client',
    client: {
      clientId: bodyId,
      secret: bodySecret,
      method: bodySecret === undefined ? 'none' : 'client_secret_post',
    },
  };
}
