// The test server hashes passwords at the cheapest scrypt setting the service
// accepts (dev/service/testServer.ts); the tests of the hashing cost itself
// (the hashing queue's 503, the rehash at login) run at the production default.
import { DEFAULT_SCRYPT_LOG_N } from '#server/config/scryptCost.js';

export const PRODUCTION_HASHING = { PASSWORD_SCRYPT_LOG_N: String(DEFAULT_SCRYPT_LOG_N) } as const;
