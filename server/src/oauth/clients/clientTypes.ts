// What an OAuth client is, independent of how it is stored.
export const CLIENT_TYPES = ['public', 'confidential'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const CLIENT_GRANTS = ['authorization_code', 'client_credentials'] as const;
export type ClientGrant = (typeof CLIENT_GRANTS)[number];

export interface OAuthClient {
  /** Internal row id (tokens and codes refer to it). */
  id: string;
  /** The public client_id. */
  clientId: string;
  /** The account that manages the app; null for dynamically registered clients. */
  ownerUserId: string | null;
  name: string;
  description: string | null;
  type: ClientType;
  secretHash: string | null;
  grants: ClientGrant[];
  redirectUris: string[];
  createdAt: Date;
}

/** What a registration (dashboard, RFC 7591, admin command line) asks for. */
export interface ClientRegistration {
  name: string;
  description: string | null;
  type: ClientType;
  grants: ClientGrant[];
  redirectUris: string[];
}
