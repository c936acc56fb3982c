// Who a request acts for, whatever kind of token it carried.
export type PrincipalKind = 'api_key' | 'oauth_user' | 'client_credentials';

export interface Principal {
  /** The account whose usage the request counts against. */
  accountId: string;
  kind: PrincipalKind;
  /** The API key id or OAuth token id that authenticated the request. */
  credentialId: string;
  /** The OAuth client, for OAuth tokens. */
  clientId?: string;
}

/** A principal as bearer authentication yields it, with the token it presented. */
export interface BearerPrincipal extends Principal {
  token: string;
}

/** Answers who a token belongs to, or null when it is not one of its kind or not valid. */
export type TokenResolver = (token: string) => Promise<Principal | null>;

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireBearer. */
    principal?: BearerPrincipal;
  }
}
