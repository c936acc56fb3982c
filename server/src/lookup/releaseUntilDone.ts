// Gives a reserved quota count back even when the database is briefly gone:
// the failure that made the lookup fail (a lost connection) often fails the
// release too, which would charge the user for an error answer. Retries run
// in the background, unref'd, so they never hold an answer or a shutdown.
import type { QuotaReservation } from '../accounts/quotaService.js';
import type { Logger } from '../logging/logger.js';

export const RELEASE_RETRY_MS = 500;
export const RELEASE_ATTEMPTS = 120;

export async function releaseUntilDone(
  reservation: QuotaReservation,
  logger: Logger,
  attemptsLeft = RELEASE_ATTEMPTS,
): Promise<void> {
  try {
    await reservation.release();
  } catch (err) {
    if (attemptsLeft <= 1) {
      logger.error({ err }, 'quota release failed; the count stays');
      return;
    }
    logger.warn({ err }, 'quota release failed, retrying');
    setTimeout(() => {
      void releaseUntilDone(reservation, logger, attemptsLeft - 1);
    }, RELEASE_RETRY_MS).unref();
  }
}
