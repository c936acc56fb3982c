// The process logger. Secrets never reach it: request logs carry the path
// only (no query string, no headers), and these paths are redacted anywhere.
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/config.js';

export type { Logger };

export const REDACTED_PATHS = [
  'password',
  'token',
  'access_token',
  'refresh_token',
  'client_secret',
  'apiKey',
  'authorization',
  '*.password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.client_secret',
  '*.apiKey',
  '*.authorization',
  'req.headers',
];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}

/**
 * The running service's logger: stdout written asynchronously (lines written
 * while a write is pending are batched), so a request never waits for a write
 * system call. Call `flushLogger` before the process exits.
 */
export function createProcessLogger(level: LogLevel): Logger {
  return createLogger(level, pino.destination({ sync: false }));
}

export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
