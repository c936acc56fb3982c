// Tests of accounts that are not about the hashing cost sign up and log in
// with the cheapest scrypt setting the service accepts (OWASP's N=2^13, r=8,
// p=10: 8 MiB instead of 128 MiB a hash); the tests of hashing itself keep
// the production default.
import { MIN_SCRYPT_LOG_N } from '#server/config/scryptCost.js';

export const CHEAPEST_HASHING = { PASSWORD_SCRYPT_LOG_N: String(MIN_SCRYPT_LOG_N) } as const;
