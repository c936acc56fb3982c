// `npm run demo`: the service offline against loopback fakes of Nominatim and
// of every connected state's service, with a seeded demo account. Prints the
// demo key, curl commands and one address per state. The land values are invented.
import { DEMO_ADDRESSES } from '../fakes/demoWorld.js';
import { TWO_ZONE_KENNZEICHEN } from '../fakes/world/parcelWorld.js';
import { STATE_ADDRESSES } from '../fakes/world/stateAddresses.js';
import { DEMO_LOGIN, startDemoServer } from './demoServer.js';

const OTHER_ROWS: readonly [string, string][] = [
  ['Schleswig-Holstein', `${DEMO_ADDRESSES.kiel} → 451 restricted_state`],
  ['Bayern', `${DEMO_ADDRESSES.muenchen} → 451 restricted_state`],
  ['Baden-Württemberg', `${DEMO_ADDRESSES.stuttgart} → 404 no_data (nicht angebunden)`],
  ['Saarland', `${DEMO_ADDRESSES.saarbruecken} → 404 no_data (nicht angebunden)`],
  ['unbekannt', `${DEMO_ADDRESSES.unknown} → 404 address_not_found`],
];

async function main(): Promise<void> {
  const demo = await startDemoServer({ env: process.env });
  const url = (address: string, extra = '') =>
    `${demo.url}/api/bodenrichtwert?address=${encodeURIComponent(address)}${extra}`;
  const rows = [
    ...STATE_ADDRESSES.map((a): [string, string] => [a.name, a.address]),
    ...OTHER_ROWS,
  ];
  console.log(`Demo läuft auf ${demo.url} (Geocoder und Landesdienste sind lokale Attrappen).`);
  console.log('Alle Bodenrichtwerte der Demo sind erfunden.\n');
  console.log(`Demo-API-Schlüssel: ${demo.apiKey}\n`);
  console.log(`curl -H "Authorization: Bearer ${demo.apiKey}" "${url(DEMO_ADDRESSES.hannover)}"`);
  console.log(
    `curl "${url(DEMO_ADDRESSES.wiesbaden, `&nutzungsart=W&format=xml&token=${demo.apiKey}`)}"`,
  );
  const berlin = STATE_ADDRESSES.find((a) => a.state === 'DE-BE')?.address ?? '';
  console.log(
    `curl -H "Authorization: Bearer ${demo.apiKey}" ` +
      `"${demo.url}/api/flurstueck?address=${encodeURIComponent(berlin)}"`,
  );
  console.log(
    `curl -H "Authorization: Bearer ${demo.apiKey}" ` +
      `"${demo.url}/api/flurstueck?kennzeichen=${TWO_ZONE_KENNZEICHEN}"   (ein Flurstück in zwei Zonen)\n`,
  );
  console.log('Demo-Adressen (eine je angebundenem Land):');
  for (const [state, address] of rows) console.log(`  ${state.padEnd(24)} ${address}`);
  console.log(
    `\nDashboard des Demo-Kontos: ${demo.url}/login (E-Mail ${DEMO_LOGIN.email}, ` +
      `Passwort ${DEMO_LOGIN.password}); dort erscheinen die Abfragen mit dem Demo-Schlüssel.`,
  );
  console.log(
    `Flurstück-Ansicht: ${demo.url}/dashboard/flurstueck (z. B. ${TWO_ZONE_KENNZEICHEN}); ` +
      `ein Flurstück unter jeder Demo-Adresse eines Landes mit offenem Kataster.`,
  );
  console.log(`Konto anlegen: ${demo.url}/signup`);
  console.log(`E-Mails der Demo (Bestätigungs- und Passwort-Links): Dateien in ${demo.mailDir}`);
  console.log(`\nOpenAPI: ${demo.url}/docs   Beenden: Strg+C`);

  const stop = () => {
    void demo.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('Demo konnte nicht starten:', err);
  process.exit(1);
});
