// The event-loop report of EVENT_LOOP_REPORT_MS: a stall of the main thread
// shows in the line of its period (on Linux as time on a core and waiting for
// one), a quiet period reads a few ms, and with
// the setting at 0 nothing is logged.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startEventLoopReport } from '#server/logging/eventLoopDelay.js';
import { createLogger } from '#server/logging/logger.js';

interface Line {
  msg: string;
  maxMs: number;
  cpuMs?: number;
  waitMs?: number;
  samples: number;
  periodMs: number;
}

function capture() {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Line);
      done();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stall = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

let stop: () => void = () => undefined;
afterEach(() => stop());

describe('the event-loop report', () => {
  it('logs the longest stall of each period', async () => {
    const { lines, logger } = capture();
    stop = startEventLoopReport(logger, 200);
    await pause(50);
    stall(150);
    await pause(500);
    const reports = lines.filter((line) => line.msg === 'event loop delay');
    expect(reports.length).toBeGreaterThanOrEqual(2);
    const worst = Math.max(...reports.map((line) => line.maxMs));
    expect(worst).toBeGreaterThanOrEqual(140);
    // The stall is one period's, not every period's (told by the CPU where Linux tells it:
    // on a loaded machine any period may wait long for a core).
    expect(reports.some((line) => (line.cpuMs ?? line.maxMs) < 100)).toBe(true);
    expect(reports.every((line) => line.samples > 0 && line.periodMs >= 200)).toBe(true);
    // On Linux the stall is told apart: the busy loop's time on a core and its wait for one
    // (on a loaded machine) make up the 150 ms; a busy loop never sleeps. A little of it may be
    // neither (a page fault served from disk, a stop by the scheduler's throttling, time the
    // hypervisor gives another machine, which the guest counts nowhere): on the two cores
    // running the whole suite cpu + wait read 139 ms once, and 119 ms on a virtual machine
    // whose /proc/stat counted 570 s of steal in its first 2.4 hours. Half the stall is the bound.
    if (process.platform === 'linux') {
      const cpu = Math.max(...reports.map((line) => line.cpuMs ?? 0));
      const waited = Math.max(...reports.map((line) => line.waitMs ?? 0));
      expect(cpu + waited).toBeGreaterThanOrEqual(75);
      expect(cpu).toBeGreaterThan(0);
    }
  });

  it('logs nothing when switched off', async () => {
    const { lines, logger } = capture();
    stop = startEventLoopReport(logger, 0);
    await pause(100);
    expect(lines).toEqual([]);
  });
});
