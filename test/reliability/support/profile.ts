// How hard the reliability suites push: the bounded CI profile by default,
// the long one when `npm run soak` sets RELIABILITY_PROFILE=soak.
export const soakProfile = process.env.RELIABILITY_PROFILE === 'soak';

/** The number of generated cases (or load rounds) for the active profile. */
export function runs(ci: number, soak: number): number {
  return soakProfile ? soak : ci;
}

/** fast-check options: no long shrinking of huge cases, so a failure reports quickly. */
export function fuzzOptions(ci: number, soak: number) {
  return { numRuns: runs(ci, soak), endOnFailure: true, markInterruptAsFailure: true } as const;
}
