// The answer of POST /oauth/register (RFC 7591 §3.2.1): the registered
// client, its secret only for a confidential client and only this once. The
// route builds it from the stored client; the OpenAPI answer is derived from
// this schema.
import { z } from 'zod';
import { TOKEN_AUTH_METHODS, type OAuthClient } from '../clients/clientTypes.js';
import { REGISTRABLE_GRANT_TYPES } from './registrationRequest.js';

export const registrationAnswerSchema = z.object({
  client_id: z.string(),
  client_id_issued_at: z.int(),
  client_secret: z
    .string()
    .meta({ description: 'Nur vertrauliche Clients; nur dieses eine Mal gezeigt.' })
    .optional(),
  client_secret_expires_at: z.literal(0).optional(),
  client_name: z.string(),
  redirect_uris: z.array(z.string().meta({ format: 'uri' })),
  grant_types: z.array(z.string()),
  response_types: z.array(z.literal('code')),
  token_endpoint_auth_method: z.enum(TOKEN_AUTH_METHODS),
});

export type RegistrationAnswer = z.infer<typeof registrationAnswerSchema>;

/** The answer for a client just registered; `secret`: a confidential client's, shown once. */
export function registrationAnswer(
  client: OAuthClient,
  secret: string | undefined,
): RegistrationAnswer {
  return {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: [...REGISTRABLE_GRANT_TYPES],
    response_types: ['code'],
    token_endpoint_auth_method: client.authMethod,
  };
}
