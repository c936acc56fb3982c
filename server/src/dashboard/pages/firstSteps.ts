// The overview's first-steps checklist: a key, a first call against this
// server, then the spreadsheet add-ins. A step shows as done once the
// account's keys prove it; the add-in step cannot be seen from here. The
// Excel manifest is linked only where this server serves it (the add-in is
// built), so the link never ends in a 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXCEL_ADDIN_DIST } from '../../addins/excelAddin.js';
import type { ApiKeyRecord } from '../../apiKeys/apiKeyRepository.js';
import { isKeyActive } from '../../apiKeys/apiKeyService.js';

/** The README's example address, so the first call returns land values. */
const EXAMPLE_ADDRESS = 'Georgstraße 10, 30159 Hannover';

/** What the user replaces with the key they copied once. */
export const KEY_PLACEHOLDER = 'IHR_SCHLUESSEL';

export interface FirstSteps {
  keyCreated: boolean;
  firstCallMade: boolean;
  curl: string;
  /** null: this server does not serve the Excel add-in. */
  excelManifestUrl: string | null;
}

/** Read once at start: the add-in is built before the server starts. */
export const excelManifestServed = () => existsSync(join(EXCEL_ADDIN_DIST, 'manifest.xml'));

export function firstSteps(
  baseUrl: string,
  keys: readonly ApiKeyRecord[],
  now: Date,
  excelServed: boolean,
): FirstSteps {
  const url = `${baseUrl}/api/bodenrichtwert?address=${encodeURIComponent(EXAMPLE_ADDRESS)}`;
  return {
    keyCreated: keys.some((key) => isKeyActive(key, now)),
    firstCallMade: keys.some((key) => key.lastUsedAt !== null),
    curl: `curl -H "Authorization: Bearer ${KEY_PLACEHOLDER}" "${url}"`,
    excelManifestUrl: excelServed ? `${baseUrl}/excel/manifest.xml` : null,
  };
}
