// The secret that signs session cookies and CSRF tokens. Without
// SESSION_SECRET one is generated per process: fine for one development
// instance, but sessions then end with every restart and several instances
// would reject each other's cookies.
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../logging/logger.js';

export function resolveSessionSecret(configured: string | undefined, logger: Logger): string {
  if (configured) return configured;
  logger.warn(
    'SESSION_SECRET is not set: generated a random one for this process; ' +
      'set SESSION_SECRET (at least 32 characters) when running more than one instance',
  );
  return randomBytes(32).toString('base64url');
}
