// `npm run zones:update`: every imported state asked whether its set changed,
// one German line per state (see zoneImport/updateZoneSets.ts). Exits 1 when
// any state's line is a failure, so cron mails it.
import { updateZoneSets } from '../zoneImport/updateZoneSets.js';
import type { ZoneCommandContext } from './zonesContext.js';

/** One line per state; false when one failed. */
export async function runZoneUpdate(context: ZoneCommandContext): Promise<boolean> {
  const lines = await updateZoneSets(context.registry, await context.repository.activeSets(), {
    repository: context.repository,
    fetch: globalThis.fetch,
    userAgent: context.config.geocoder.userAgent,
    signal: context.signal,
    allowHosts: context.config.addresses.allowHosts,
    logger: context.logger,
    now: () => new Date(),
    filesDir: context.config.zones.filesDir,
  });
  if (lines.length === 0) console.log('Kein Zonensatz importiert: nichts zu aktualisieren.');
  for (const line of lines) console.log(line.text);
  return lines.every((line) => line.ok);
}
