// Runs the OAuth purge now and then in every instance (the deletes are
// idempotent, so instances need no coordination). The timer never keeps the
// process alive; the returned function stops it and waits for a running purge.
import type { Logger } from '../../logging/logger.js';
import type { OAuthGrantService } from './grantService.js';

export const PURGE_INTERVAL_MS = 10 * 60_000;

export function startOAuthHousekeeping(
  grants: Pick<OAuthGrantService, 'purgeExpired'>,
  logger: Pick<Logger, 'info' | 'error'>,
  intervalMs = PURGE_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = grants.purgeExpired().then(
      (counts) => {
        if (counts.codes + counts.tokens + counts.clients > 0) {
          logger.info(counts, 'purged expired OAuth codes, tokens and unused clients');
        }
      },
      (err: unknown) => logger.error({ err }, 'OAuth purge failed'),
    );
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
