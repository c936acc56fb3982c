// `npm run sources:check -- --conversion` against two stand-in WFS that
// offer the BRM conversion-table types, one with a filled type and one with
// every type empty, and the state fakes, whose services offer none: one line
// per state saying which, and exit 0 (a state without tables is no failure).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConversionTableWfs } from '#dev/fakes/conversionTableWfs.js';
import type { LoopbackServer } from '#dev/fakes/loopback.js';
import { sourcesCheck } from './sourcesCheckCommand.js';
import { startStateWorld, type StateWorld } from './stateSupport.js';

interface Entry {
  state: string;
  options?: Record<string, unknown>;
}

let world: StateWorld;
let filled: LoopbackServer;
let empty: LoopbackServer;
let dir: string;

beforeAll(async () => {
  world = await startStateWorld();
  filled = await startConversionTableWfs(['br:BR_UmrechnungstabelleWerte']);
  empty = await startConversionTableWfs([]);
  dir = mkdtempSync(join(tmpdir(), 'brw-conversion-'));
});
afterAll(async () => {
  await Promise.all([world.close(), filled.close(), empty.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The state-fake registry with BB's service at the filled stand-in and HE's at the empty one. */
function registry(): string {
  const file = JSON.parse(readFileSync(world.registryFile, 'utf8')) as { sources: Entry[] };
  const at: Record<string, string> = { 'DE-BB': filled.url, 'DE-HE': empty.url };
  const sources = file.sources.map((entry) => {
    const url = at[entry.state];
    return url === undefined ? entry : { ...entry, options: { ...entry.options, url } };
  });
  const path = join(dir, 'registry.json');
  writeFileSync(path, JSON.stringify({ ...file, sources }));
  return path;
}

describe('sources:check --conversion', () => {
  it('reports per state whether the conversion-table types are filled, empty or not offered', async () => {
    const result = await sourcesCheck(registry(), [
      '--conversion',
      '--state',
      'DE-BB',
      'DE-HE',
      'DE-NI',
    ]);
    expect(result.code, result.stdout).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^DE-BB {2}FILLED/);
    expect(lines[0]).toContain('br:BR_UmrechnungstabelleWerte: filled');
    expect(lines[0]).toContain('br:BR_UmrechnungstabelleDatei: empty');
    expect(lines[1]).toMatch(/^DE-HE {2}EMPTY/);
    expect(lines[1]).toContain('br:BR_UmrechnungstabelleWerte: empty');
    expect(lines[2]).toMatch(/^DE-NI {2}NOT OFFERED/);
  });
});
