// What an OAuth client is, independent of how it is stored.
export const CLIENT_TYPES = ['public', 'confidential'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const CLIENT_GRANTS = ['authorization_code', 'client_credentials'] as const;
export type ClientGrant = (typeof CLIENT_GRANTS)[number];

/** How a client authenticates at the token and revocation endpoints (RFC 7591 §2). */
export const TOKEN_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
export type TokenAuthMethod = (typeof TOKEN_AUTH_METHODS)[number];

/** The credentials a request presented, and by which method. */
export interface PresentedClient {
  clientId: string;
  secret: string | undefined;
  method: TokenAuthMethod;
}

export interface OAuthClient {
  /** Internal row id (tokens and codes refer to it). */
  id: string;
  /** The public client_id. */
  clientId: string;
  /** The account that manages the app; null for dynamically registered clients. */
  ownerAccountId: string | null;
  name: string;
  description: string | null;
  type: ClientType;
  secretHash: string | null;
  /** The one method the client registered; `none` exactly for public clients. */
  authMethod: TokenAuthMethod;
  grants: ClientGrant[];
  redirectUris: string[];
  createdAt: Date;
  /** When the client last obtained a code or a token; null if never. */
  lastUsedAt: Date | null;
}

/** What a registration (dashboard, RFC 7591, admin command line) asks for. */
export interface ClientRegistration {
  name: string;
  description: string | null;
  type: ClientType;
  authMethod: TokenAuthMethod;
  grants: ClientGrant[];
  redirectUris: string[];
}
