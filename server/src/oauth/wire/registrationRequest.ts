// Body of POST /oauth/register (RFC 7591 §2), checked in the order: a JSON
// object, token_endpoint_auth_method, grant_types, response_types,
// client_name, redirect_uris; each refusal names its RFC 7591 §3.2.2 code.
// The name and redirect URI rules are the ones every registration obeys
// (clientMetadata.ts); the OpenAPI request body is derived from this schema.
// Absent or null, the auth method is none, grant_types authorization_code
// and refresh_token, response_types code.
import { z } from 'zod';
import {
  checkName,
  checkRedirectUris,
  MAX_NAME_LENGTH,
  MAX_REDIRECT_URIS,
  NAME_MESSAGE,
  REDIRECT_URIS_MESSAGE,
  type MetadataErrorCode,
} from '../clients/clientMetadata.js';
import { TOKEN_AUTH_METHODS, type ClientRegistration } from '../clients/clientTypes.js';

/** What a dynamically registered client may use (client_credentials needs an owner). */
export const REGISTRABLE_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

const GRANT_TYPES_MESSAGE = 'grant_types: registrierbar sind authorization_code und refresh_token.';
const RESPONSE_TYPES_MESSAGE = 'response_types: nur code wird unterstützt.';

/** A failed rule as a zod issue carrying its RFC 7591 code. */
function refuse(ctx: z.RefinementCtx, error: MetadataErrorCode, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: { error } });
  return z.NEVER;
}

export const registrationRequestSchema = z.object(
  {
    token_endpoint_auth_method: z
      .enum(TOKEN_AUTH_METHODS, {
        error: `token_endpoint_auth_method muss einer von ${TOKEN_AUTH_METHODS.join(', ')} sein.`,
      })
      .optional(),
    grant_types: z
      .array(z.enum(REGISTRABLE_GRANT_TYPES, { error: GRANT_TYPES_MESSAGE }), {
        error: GRANT_TYPES_MESSAGE,
      })
      .refine((grants) => grants.includes('authorization_code'), { error: GRANT_TYPES_MESSAGE })
      .optional(),
    response_types: z
      .array(z.literal('code', { error: RESPONSE_TYPES_MESSAGE }), {
        error: RESPONSE_TYPES_MESSAGE,
      })
      .optional(),
    client_name: z
      .string({ error: NAME_MESSAGE })
      .meta({ maxLength: MAX_NAME_LENGTH })
      .transform((name, ctx) => {
        const checked = checkName(name);
        return checked.ok ? checked.value : refuse(ctx, checked.error, checked.message);
      }),
    redirect_uris: z
      .array(z.string({ error: REDIRECT_URIS_MESSAGE }).meta({ format: 'uri' }), {
        error: REDIRECT_URIS_MESSAGE,
      })
      .meta({ minItems: 1, maxItems: MAX_REDIRECT_URIS })
      .transform((uris, ctx) => {
        const checked = checkRedirectUris(uris, true);
        return checked.ok ? checked.value : refuse(ctx, checked.error, checked.message);
      }),
  },
  { error: 'Erwartet wird ein JSON-Objekt (application/json).' },
);

export type RegistrationRequestResult =
  | { ok: true; value: ClientRegistration }
  | { ok: false; error: MetadataErrorCode; message: string };

/**
 * The registration the body asks for, or the first refusal. The auth method
 * decides the client's type: none is a public client, any other a
 * confidential one; only the authorization code grant is registered
 * (refresh tokens come with it).
 */
export function parseRegistrationRequest(body: unknown): RegistrationRequestResult {
  const result = registrationRequestSchema.safeParse(withoutNulls(body));
  if (!result.success) {
    const [issue] = result.error.issues;
    if (issue === undefined) throw new Error('zod failed without an issue');
    const own = (issue as { params?: { error?: MetadataErrorCode } }).params?.error;
    const error =
      own ??
      (issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata');
    return { ok: false, error, message: issue.message };
  }
  const request = result.data;
  const method = request.token_endpoint_auth_method ?? 'none';
  return {
    ok: true,
    value: {
      name: request.client_name,
      description: null,
      type: method === 'none' ? 'public' : 'confidential',
      authMethod: method,
      grants: ['authorization_code'],
      redirectUris: request.redirect_uris,
    },
  };
}

/** null stands for an absent optional field, as RFC 7591 clients send it. */
function withoutNulls(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  return {
    ...fields,
    token_endpoint_auth_method: fields.token_endpoint_auth_method ?? undefined,
    grant_types: fields.grant_types ?? undefined,
    response_types: fields.response_types ?? undefined,
  };
}
