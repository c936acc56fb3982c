// One stand-in service and one build per test file; a fresh Apps Script
// runtime (empty cache and properties) per test.
import { afterAll, beforeAll } from 'vitest';
import { buildAddon, type BuiltAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon, type GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import { startStandInService, type StandInService } from './standInControl.js';
import { VALID_KEY } from './standInService.js';

export interface AddonFixture {
  service(): StandInService;
  build(): BuiltAddon;
  /**
   * A runtime whose document already holds the API key (set through the
   * sidebar function), with the stand-in service reset to its defaults.
   */
  runtime(options?: { clockScale?: number; apiKey?: string | null }): Promise<GasRuntime>;
}

export function useAddonWithService(): AddonFixture {
  let service: StandInService | undefined;
  let build: BuiltAddon | undefined;
  beforeAll(async () => {
    service = await startStandInService();
    // BASE_URL is the stand-in service, so the manifest whitelist admits it.
    build = buildAddon(service.url);
  });
  afterAll(async () => {
    build?.remove();
    await service?.close();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('used outside the test lifecycle');
    return value;
  };
  return {
    service: () => need(service),
    build: () => need(build),
    runtime: async ({ clockScale, apiKey = VALID_KEY } = {}) => {
      const runtime = loadAddon(need(build), { clockScale });
      if (apiKey !== null) {
        const saved = runtime.value('saveSettings', { apiKey }) as { ok: boolean };
        if (!saved.ok) throw new Error(`saveSettings refused the key ${apiKey}`);
      }
      await need(service).reset();
      return runtime;
    },
  };
}
