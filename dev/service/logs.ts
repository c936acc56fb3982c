// A logger that keeps every line in memory, so tests can assert on what the
// service logged (and on what it must never log).
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '#server/logging/logger.js';

export interface CapturedLogs {
  logger: Logger;
  lines: string[];
  text(): string;
}

export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = createLogger('debug', stream);
  return { logger, lines, text: () => lines.join('\n') };
}
