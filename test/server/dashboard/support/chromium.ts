// Headless Chromium for the browser tests (Debian's chromium through
// playwright-core) and a place for their screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumAvailability, serviceAvailable, testEnv } from '../../../support/services.js';

export const ARTIFACTS_DIR = join(process.cwd(), 'artifacts', 'dashboard');

export const chromiumRuns = () => serviceAvailable('Chromium', chromiumAvailability());

export function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return chromium.launch({
    executablePath: testEnv.chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const artifact = (name: string) => join(ARTIFACTS_DIR, name);
