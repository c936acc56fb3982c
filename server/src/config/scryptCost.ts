// The scrypt costs an operator may choose for password hashes: OWASP's
// Password Storage Cheat Sheet recommends N=2^17, r=8, p=1 and lists settings
// of equal strength with less memory and more passes, down to N=2^13, r=8,
// p=10. Nothing cheaper than those can be configured.

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's equivalent settings by log2 of N: the p that goes with it (r is always 8). */
const OWASP_PASSES: Readonly<Record<number, number>> = { 17: 1, 16: 2, 15: 3, 14: 5, 13: 10 };
export const MIN_SCRYPT_LOG_N = 13;
export const MAX_SCRYPT_LOG_N = 17;
export const DEFAULT_SCRYPT_LOG_N = 17;

/** The OWASP setting with N=2^logN; throws for a logN OWASP lists no setting for. */
export function scryptCost(logN: number): Readonly<ScryptCost> {
  const p = OWASP_PASSES[logN];
  if (p === undefined) throw new RangeError(`No OWASP scrypt setting with N=2^${logN}`);
  return Object.freeze({ N: 2 ** logN, r: 8, p });
}

export const DEFAULT_SCRYPT_COST = scryptCost(DEFAULT_SCRYPT_LOG_N);
