// The command an app's own server runs to get a token with its client ID and
// Secret, written the way the app sends its Secret (Basic or form fields).
// Client IDs and Secrets are base64url, so the shell needs no quoting.
import type { TokenAuthMethod } from '../../oauth/clients/clientTypes.js';

export interface ClientCredentials {
  clientId: string;
  secret: string;
  authMethod: TokenAuthMethod;
}

/** Stand-ins where the page does not know the values. */
export const PLACEHOLDER_CREDENTIALS: ClientCredentials = {
  clientId: 'IHRE_CLIENT_ID',
  secret: 'IHR_SECRET',
  authMethod: 'client_secret_basic',
};

export function clientCredentialsCurl(tokenEndpoint: string, app: ClientCredentials): string {
  const credentials =
    app.authMethod === 'client_secret_post'
      ? `-d client_id=${app.clientId} -d client_secret=${app.secret}`
      : `-u ${app.clientId}:${app.secret}`;
  return `curl -X POST ${tokenEndpoint} ${credentials} -d grant_type=client_credentials`;
}
