// helmet's security headers (CSP, nosniff, referrer policy, HSTS, …), worked
// out once: with static options helmet gives every response the same values,
// so one middleware sets the precomputed list instead of running helmet's
// eleven header middlewares per request.
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

interface HeaderPlan {
  set: [name: string, value: string | number | readonly string[]][];
  removed: string[];
}

/** Runs helmet once against a recording response. */
function planOf(options: Readonly<HelmetOptions> | undefined): HeaderPlan {
  const plan: HeaderPlan = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      plan.set.push([name, value]);
    },
    removeHeader(name: string) {
      plan.removed.push(name);
    },
  };
  let done = false;
  helmet(options)({} as never, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return plan;
}

export function securityHeaders(options?: Readonly<HelmetOptions>) {
  const { set, removed } = planOf(options);
  return function setSecurityHeaders(_req: Request, res: Response, next: NextFunction): void {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/**
 * helmet's defaults, with the tile server's origin allowed as an image source
 * when the operator configured map tiles (the dashboard's zone map loads them).
 */
export function mapTilePolicy(tileUrl: string | undefined): HelmetOptions | undefined {
  if (tileUrl === undefined) return undefined;
  const origin = new URL(tileUrl).origin;
  return { contentSecurityPolicy: { directives: { imgSrc: ["'self'", 'data:', origin] } } };
}
