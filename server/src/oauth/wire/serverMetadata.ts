// The authorization server metadata (RFC 8414): endpoints under AUTH_URL, no
// scopes, PKCE with S256 only. The metadata route serves it; the dashboard's
// apps page shows its endpoints.
import type { Config } from '../../config/config.js';
import { TOKEN_AUTH_METHODS } from '../clients/clientTypes.js';

export function authorizationServerMetadata(config: Pick<Config, 'authUrl' | 'baseUrl'>) {
  const auth = config.authUrl;
  return {
    issuer: auth,
    authorization_endpoint: `${auth}/oauth/authorize`,
    token_endpoint: `${auth}/oauth/token`,
    registration_endpoint: `${auth}/oauth/register`,
    revocation_endpoint: `${auth}/oauth/revoke`,
    scopes_supported: [],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    code_challenge_methods_supported: ['S256'],
    // RFC 9207: every authorization response names its issuer.
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${config.baseUrl}/docs/`,
  };
}
