// OAuth error answers (RFC 6749 §5.2, RFC 7591 §3.2.2) with German
// descriptions: the error code is the contract, the text is for people.
// The OpenAPI OAuthError is derived from oauthErrorBodySchema.
import { z } from 'zod';

export const oauthErrorBodySchema = z.object({
  error: z.string().meta({ description: 'Fehlercode nach RFC 6749 §5.2 / RFC 7591 §3.2.2.' }),
  error_description: z.string().meta({ description: 'Beschreibung für Menschen (deutsch).' }),
});

export const OAUTH_ERROR_TEXTS: Readonly<Record<string, string>> = {
  invalid_request: 'Die Anfrage ist unvollständig oder fehlerhaft.',
  invalid_client: 'Die App konnte nicht authentifiziert werden (Client-ID oder Secret falsch).',
  invalid_grant:
    'Der Code oder das Refresh-Token ist ungültig, abgelaufen, bereits verwendet oder passt nicht zum Code-Verifier.',
  unauthorized_client: 'Diese App darf diesen Grant-Typ nicht verwenden.',
  unsupported_grant_type: 'Dieser Grant-Typ wird nicht unterstützt.',
  invalid_scope: 'Dieser Dienst kennt keine Scopes.',
  access_denied: 'Der Zugriff wurde verweigert.',
  unsupported_response_type: 'Nur response_type=code wird unterstützt.',
  server_error: 'Interner Fehler des Autorisierungsservers.',
};

export function oauthErrorBody(error: string, description?: string) {
  return {
    error,
    error_description: description ?? OAUTH_ERROR_TEXTS[error] ?? OAUTH_ERROR_TEXTS.invalid_request,
  };
}
