// TRUST_PROXY: a hop count ("1") or a comma-separated list of subnets or
// Express keywords ("loopback, 10.0.0.0/8"). `true` is refused: it would let
// any client choose its own IP through X-Forwarded-For and dodge the rate limit.
import { isIP } from 'node:net';
import { ConfigError } from './configError.js';

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(raw: string): number | string[] | false {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    throw new ConfigError(
      'Invalid configuration: TRUST_PROXY=true is not allowed; give a hop count or subnets',
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const validPrefix = prefix === undefined || /^\d{1,3}$/.test(prefix);
    if (!KEYWORDS.has(entry) && !(address && isIP(address) && validPrefix)) {
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY entry "${entry}" is not a subnet or keyword`,
      );
    }
  }
  return entries;
}
