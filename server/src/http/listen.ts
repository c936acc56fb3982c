// Binding the service's port. Node reports a taken or forbidden port as an
// 'error' event after listen() returns; turned into a rejected promise here,
// so start-up can say what is wrong and exit 1 instead of dying on an
// unhandled event with a stack trace.
import type { Server } from 'node:http';

/** The port cannot be bound; the message is for the operator. */
export class PortUnavailableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'PortUnavailableError';
  }
}

const REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'is already in use: stop the process that holds it or start with another PORT',
  EACCES: 'needs privileges this process lacks: use a port above 1023 or another PORT',
};

export function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const reason = err.code === undefined ? undefined : REASONS[err.code];
      reject(reason ? new PortUnavailableError(`Port ${port} ${reason}.`, { cause: err }) : err);
    };
    server.once('error', onError);
    server.listen(port, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
