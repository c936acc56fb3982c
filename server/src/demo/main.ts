// `npm run demo`: the service with loopback fakes of Nominatim and the state
// WFS (NI, HB, HE) plus NW as an imported dataset, a fresh SQLite database
// and a seeded demo account. Needs no internet. The land values are invented.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createContext } from '../context.js';
import { DEMO_ADDRESSES, DEMO_PLACES } from '../fakes/demoWorld.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '../fakes/fakeRegistry.js';
import { startNominatimFake } from '../fakes/nominatimFake.js';
import { startWfsFake } from '../fakes/wfsFake.js';

const DEMO_ROWS: readonly [string, string][] = [
  [DEMO_ADDRESSES.hannover, 'Niedersachsen, WFS (BRM 2.0)'],
  [DEMO_ADDRESSES.bremen, 'Bremen, WFS (BRM 2.0)'],
  [DEMO_ADDRESSES.wiesbaden, 'Hessen, WFS (BRM 2.1, EPSG:25832)'],
  [DEMO_ADDRESSES.muenster, 'Nordrhein-Westfalen, importierter Datensatz (GeoJSON)'],
  [DEMO_ADDRESSES.kiel, 'Schleswig-Holstein → 451 restricted_state'],
  [DEMO_ADDRESSES.berlin, 'Berlin, keine Quelle angebunden → 404 no_data'],
  [DEMO_ADDRESSES.unknown, 'unbekannt → 404 address_not_found'],
];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-demo-'));
  const nominatim = await startNominatimFake(DEMO_PLACES);
  const wfs = await startWfsFake(DEMO_WFS_SERVICES);
  const config = loadConfig({
    ...process.env,
    PORT: process.env.PORT ?? '3000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: `sqlite:${join(dir, 'demo.sqlite')}`,
    GEOCODER_URL: nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
    BRW_SOURCES_FILE: await writeFakeRegistry(dir, wfs.url),
    REDIS_URL: '',
  });
  const ctx = await createContext(config);
  const user = await ctx.accounts.create({ email: 'demo@example.de', plan: 'pro' });
  const { value: apiKey } = await ctx.apiKeys.create(user.id, 'Demo', 'unlimited');
  const server = createApp(ctx).listen(config.port, () => {
    const base = config.baseUrl;
    const url = (address: string, extra = '') =>
      `${base}/api/bodenrichtwert?address=${encodeURIComponent(address)}${extra}`;
    console.log(`Demo läuft auf ${base} (Geocoder und Landesdienste sind lokale Attrappen).`);
    console.log('Alle Bodenrichtwerte der Demo sind erfunden.\n');
    console.log(`Demo-API-Schlüssel: ${apiKey}\n`);
    console.log(`curl -H "Authorization: Bearer ${apiKey}" "${url(DEMO_ADDRESSES.hannover)}"`);
    console.log(
      `curl "${url(DEMO_ADDRESSES.wiesbaden, `&nutzungsart=W&format=xml&token=${apiKey}`)}"\n`,
    );
    console.log('Demo-Adressen:');
    for (const [address, what] of DEMO_ROWS) console.log(`  ${address.padEnd(40)} ${what}`);
    console.log(`\nOpenAPI: ${base}/docs   Beenden: Strg+C`);
  });

  const stop = () => {
    server.close(() => {
      void ctx
        .close()
        .then(() => Promise.all([nominatim.close(), wfs.close()]))
        .finally(() => {
          rmSync(dir, { recursive: true, force: true });
          process.exit(0);
        });
    });
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('Demo konnte nicht starten:', err);
  process.exit(1);
});
