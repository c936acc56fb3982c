import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/errors.js';
import { callerWhileOpen } from '#server/lookup/callerWhileOpen.js';
import { ticketFor } from '#server/scheduling/workTicket.js';

/** A response's connection as the caller sees it. */
class Connection extends EventEmitter {
  closed = false;
  writableFinished = false;
  close({ written }: { written: boolean }): void {
    this.writableFinished = written;
    this.closed = true;
    this.emit('close');
  }
}

describe('the caller of a lookup while its client waits', () => {
  it('makes no signal and no listener until work asks for one', () => {
    const connection = new Connection();
    const ticket = ticketFor(callerWhileOpen('a', '127.0.0.1', connection), 1000);
    expect(ticket.gone()).toBe(false);
    expect(connection.listenerCount('close')).toBe(0);
    expect(ticket.signal.aborted).toBe(false);
    expect(connection.listenerCount('close')).toBe(1);
    connection.close({ written: false });
    expect(ticket.gone()).toBe(true);
    expect(ticket.signal.reason).toMatchObject({ code: ErrorCode.serviceError });
  });

  it('tells a client gone before the signal was made, and makes it aborted', () => {
    const connection = new Connection();
    const ticket = ticketFor(callerWhileOpen('a', '127.0.0.1', connection), 1000);
    connection.close({ written: false });
    expect(ticket.gone()).toBe(true);
    expect(ticket.signal.aborted).toBe(true);
    expect(ticket.signal.reason).toMatchObject({ code: ErrorCode.serviceError });
  });

  it('does not count a connection closed after its answer was written as gone', () => {
    const early = new Connection();
    const before = ticketFor(callerWhileOpen('a', '127.0.0.1', early), 1000);
    early.close({ written: true });
    expect(before.gone()).toBe(false);
    expect(before.signal.aborted).toBe(false);
    const late = new Connection();
    const after = ticketFor(callerWhileOpen('a', '127.0.0.1', late), 1000);
    expect(after.signal.aborted).toBe(false);
    late.close({ written: true });
    expect(after.gone()).toBe(false);
    expect(after.signal.aborted).toBe(false);
  });
});
