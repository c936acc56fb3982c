// The offline demo world: loopback fakes of Nominatim and of every connected
// state's service (the same fakes the tests use), a registry pointing at them,
// a fresh SQLite database in a temporary folder and a demo account with an
// unlimited key and a known password (so its usage can be seen in the
// dashboard), served by the real app. `npm run demo` prints it; the tests
// start it the same way. The service's e-mail (sign-up confirmation, password
// reset) goes to a loopback SMTP server that files each message in mailDir.
// A fake cadastre per open state holds a parcel under each demo address and
// one across two Berlin zones (world/parcelWorld.ts) for GET /api/flurstueck.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '#server/app.js';
import { loadConfig } from '#server/config/config.js';
import { createContext } from '#server/context.js';
import { startNominatimFake } from '../fakes/nominatimFake.js';
import { startDemoCadastre, type DemoParcel } from '../fakes/world/parcelWorld.js';
import { startSmtpFake, type ReceivedMail } from '../fakes/smtpFake.js';
import { startStateFakes, writeStateRegistry } from '../fakes/stateFakes.js';
import { STATE_DEMO_PLACES } from '../fakes/world/stateAddresses.js';
import { writeDemoHouseFiles } from '../fakes/world/houseCoordinates.js';
import { loadAddressSources } from '#server/geocoding/officialPoints/addressSources.js';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { OfficialPointRepository } from '#server/geocoding/officialPoints/officialPointRepository.js';
import { importHouseFile } from '#server/addressImport/importHouseFile.js';
import { systemClock, type Clock } from '#server/time/clock.js';
import type { Sequelize } from 'sequelize';

/** The demo account's sign-in, printed by `npm run demo`; the demo is offline and throw-away. */
export const DEMO_LOGIN = { email: 'demo@example.de', password: 'Demo-Bodenrichtwert-2026' };

export interface DemoServer {
  /** Where the demo answers, e.g. http://localhost:3000. */
  url: string;
  apiKey: string;
  /** Where the demo files the e-mail it sends, one text file per message. */
  mailDir: string;
  /** The parcels of the fake cadastres: one per demo address of an open state, one across two zones. */
  parcels: DemoParcel[];
  close(): Promise<void>;
}

export interface DemoOptions {
  /** The process environment; PORT (default 3000, 0 for any free port) and LOG_LEVEL are honoured. */
  env: Readonly<Record<string, string | undefined>>;
  clock?: Clock;
}

/** The demo's own official points, imported as `npm run addresses:import` would. */
async function importDemoHouseCoordinates(sequelize: Sequelize, dir: string): Promise<void> {
  const sources = loadAddressSources();
  const repository = new OfficialPointRepository(sequelize);
  for (const { state, file } of writeDemoHouseFiles(dir, sources)) {
    await importHouseFile(
      { state, file },
      { repository, sources, openFile: openHouseFile, clock: systemClock },
    );
  }
}

export async function startDemoServer({ env, clock }: DemoOptions): Promise<DemoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-demo-'));
  const mailDir = join(dir, 'mail');
  mkdirSync(mailDir);
  let mailCount = 0;
  const fileMail = (mail: ReceivedMail) => {
    mailCount += 1;
    const name = `${String(mailCount).padStart(3, '0')}-${mail.to.replace(/[^\w.@-]/g, '_')}.txt`;
    writeFileSync(join(mailDir, name), `An: ${mail.to}\nBetreff: ${mail.subject}\n\n${mail.text}`);
  };
  const [fakes, nominatim, smtp, cadastre] = await Promise.all([
    startStateFakes(),
    startNominatimFake(STATE_DEMO_PLACES),
    startSmtpFake(fileMail),
    startDemoCadastre(dir),
  ]);
  const config = loadConfig({
    ...env,
    PORT: env.PORT ?? '3000',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: `sqlite:${join(dir, 'demo.sqlite')}`,
    GEOCODER_URL: nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
    BRW_SOURCES_FILE: await writeStateRegistry(dir, fakes),
    PARCEL_SOURCES_FILE: cadastre.registryFile,
    REDIS_URL: '',
    SMTP_URL: smtp.url,
  });
  const ctx = await createContext(config, clock ? { clock } : {});
  await importDemoHouseCoordinates(ctx.db.sequelize, dir);
  const user = await ctx.accounts.create({ ...DEMO_LOGIN, plan: 'pro' });
  const { value: apiKey } = await ctx.apiKeys.create(user.id, 'Demo', 'unlimited');
  const server = createServer(createApp(ctx));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    // With PORT=0 (tests) the configured base URL cannot know the port.
    url: config.port === 0 ? `http://localhost:${port}` : config.baseUrl,
    apiKey,
    mailDir,
    parcels: cadastre.parcels,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ctx.close();
      await Promise.all([fakes.close(), nominatim.close(), smtp.close(), cadastre.fake.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
