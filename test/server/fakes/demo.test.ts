// The world of `npm run demo`, started as the command starts it: one address
// per connected state answers land values offline through that state's fake,
// Kiel answers 451 and an unknown address 404; the e-mail it sends is filed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, startDemoServer, type DemoServer } from '#dev/demo/demoServer.js';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { TWO_ZONE_KENNZEICHEN } from '#dev/fakes/world/parcelWorld.js';
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import { STATE_ADDRESSES } from '#dev/fakes/world/stateAddresses.js';
import {
  loadAddressSources,
  requiresCredit,
} from '#server/geocoding/officialPoints/addressSources.js';
import { DEFAULT_SOURCES_FILE } from '#server/sources/registry.js';
import { SHIPPED_REGISTRY } from '#server/sources/shippedRegistry.js';
import { manualClock } from '../../support/clock.js';
import { FormBrowser } from '../oauth/support/formBrowser.js';
import { TEST_PASSWORD } from '../oauth/support/signedIn.js';
import { expectValidResponse } from '../../support/openapi.js';

const ADDRESS_SOURCES = loadAddressSources();

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({
    env: { PORT: '0', LOG_LEVEL: 'silent' },
    clock: manualClock('2026-11-22T10:00:00Z').now,
  });
});
afterAll(() => demo.close());

async function ask(address: string, extra = ''): Promise<{ status: number; body: unknown }> {
  const res = await fetch(
    `${demo.url}/api/bodenrichtwert?address=${encodeURIComponent(address)}${extra}`,
    { headers: { Authorization: `Bearer ${demo.apiKey}` } },
  );
  return { status: res.status, body: (await res.json()) as unknown };
}

const shipped = parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')) as {
  sources: { state: string; kind: string; enabled?: boolean }[];
};
/** Defined in the registry but shipped switched off (Sachsen-Anhalt, licence). */
const switchedOff = new Set(shipped.sources.filter((s) => s.enabled === false).map((s) => s.state));

describe('npm run demo', () => {
  it('has one address for every state the default registry defines a source for', () => {
    const defined = shipped.sources.filter((s) => s.kind !== 'none').map((s) => s.state);
    expect(STATE_ADDRESSES.map((a) => a.state).sort()).toEqual(defined.sort());
  });

  it.each(
    STATE_ADDRESSES.filter((a) => !switchedOff.has(a.state)).map(
      (a) => [a.state, a.address, a] as const,
    ),
  )('%s: %s answers its land values', async (state, address, { place }) => {
    const { status, body } = await ask(address);
    expect(status).toBe(200);
    expectValidResponse('GET', '/api/bodenrichtwert', status, body);
    const answer = body as {
      address_input: string;
      coordinates: { lat: number; lon: number };
      bodenrichtwerte: { brw_euro_pro_m2: number }[];
      attribution: { text: string };
    };
    expect(answer.address_input).toBe(address);
    expect(answer.coordinates).toEqual({ lat: place.lat, lon: place.lon });
    expect(answer.bodenrichtwerte.length).toBeGreaterThan(0);
    const entry = SHIPPED_REGISTRY.sources.find((source) => source.state === state);
    expect(answer.attribution.text).toContain(entry && 'owners' in entry ? entry.owners[0] : '?');
  });

  it.each(STATE_ADDRESSES.map((a) => [a.state, a.address] as const))(
    "%s: %s is located by the demo's official house coordinates where the state publishes them",
    async (state, address) => {
      const { body } = await ask(address);
      const source = ADDRESS_SOURCES.find(state);
      const answer = body as {
        geocoding?: { source: string };
        attribution?: { text: string; hauskoordinaten?: { text: string } };
      };
      if (!source?.import) {
        if (answer.geocoding) expect(answer.geocoding.source).toBe('geocoder');
        return;
      }
      if (!answer.geocoding) {
        // Not connected or legally excluded: the official point still located it.
        expect(body).toMatchObject({ error: expect.any(String) as unknown });
        return;
      }
      // Where the state's file carries no postcodes, the typed one is checked by its area.
      const match = source.postcodes ? 'exact' : 'postcode_area';
      expect(answer.geocoding).toMatchObject({ source: 'hauskoordinaten', match });
      if (requiresCredit(source)) {
        expect(answer.attribution?.hauskoordinaten?.text).toContain(source.credit);
        expect(answer.attribution?.text).toContain(`Hauskoordinaten: © ${source.credit}`);
      } else {
        expect(answer.attribution).not.toHaveProperty('hauskoordinaten');
      }
    },
  );

  it.each(STATE_ADDRESSES.filter((a) => switchedOff.has(a.state)).map((a) => [a.state, a.address]))(
    '%s: %s answers 404 no_data naming why the state is not connected',
    async (_state, address) => {
      expect(await ask(address)).toMatchObject({
        status: 404,
        body: { error: 'no_data', message: expect.stringMatching(/Kostenverordnung/) as unknown },
      });
    },
  );

  it('answers 451 for Schleswig-Holstein and 404 for an unknown address', async () => {
    expect(await ask(DEMO_ADDRESSES.kiel)).toMatchObject({
      status: 451,
      body: { error: 'restricted_state' },
    });
    expect(await ask(DEMO_ADDRESSES.unknown)).toMatchObject({
      status: 404,
      body: { error: 'address_not_found' },
    });
  });

  it('answers Bavaria with 451 and Baden-Württemberg and Saarland with 404, each naming its portal', async () => {
    const answers = await Promise.all(
      [DEMO_ADDRESSES.muenchen, DEMO_ADDRESSES.stuttgart, DEMO_ADDRESSES.saarbruecken].map((a) =>
        ask(a),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([451, 404, 404]);
    const messages = answers.map((a) => (a.body as { message: string }).message);
    expect(messages[0]).toMatch(/^Für Bayern .*https:\/\/www\.boris-bayern\.de$/);
    expect(messages[1]).toMatch(
      /^Für Baden-Württemberg .*https:\/\/www\.gutachterausschuesse-bw\.de\/$/,
    );
    expect(messages[2]).toMatch(/^Für Saarland .*https:\/\/geoportal\.saarland\.de\/$/);
  });

  it('lets the demo account sign in with the printed password and see its key’s usage', async () => {
    const browser = new FormBrowser(demo.url);
    expect((await browser.login(DEMO_LOGIN.email, DEMO_LOGIN.password)).status).toBe(303);
    const before = /(\d+) von \d+ Abfragen/.exec((await browser.get('/dashboard')).html)?.[1];
    await ask(DEMO_ADDRESSES.hannover, '&nutzungsart=M');
    const after = /(\d+) von \d+ Abfragen/.exec((await browser.get('/dashboard')).html)?.[1];
    expect(Number(after)).toBe(Number(before) + 1);
  });

  it('files the e-mail it sends, so a sign-up can be confirmed offline', async () => {
    const browser = new FormBrowser(demo.url);
    const answer = await browser.submit('/signup', '/signup', {
      email: 'neu@example.de',
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => readdirSync(demo.mailDir).length, { timeout: 10_000 }).toBe(1);
    const [file = ''] = readdirSync(demo.mailDir);
    const mail = readFileSync(join(demo.mailDir, file), 'utf8');
    expect(mail).toContain('An: neu@example.de');
    const link = new URL(/http\S+\/signup\/confirm\?token=\S+/.exec(mail)?.[0] ?? '');
    const confirmed = await browser.submit(`${link.pathname}${link.search}`, '/signup/confirm', {
      token: link.searchParams.get('token') ?? '',
      password: TEST_PASSWORD,
    });
    expect(confirmed.html).toContain('Ihre E-Mail-Adresse ist bestätigt');
    expect((await browser.login('neu@example.de', TEST_PASSWORD)).status).toBe(303);
  });
});

describe('npm run demo: the parcel view', () => {
  async function parcel(query: string): Promise<{ status: number; body: FlurstueckResponse }> {
    const res = await fetch(`${demo.url}/api/flurstueck?${query}`, {
      headers: { Authorization: `Bearer ${demo.apiKey}` },
    });
    const body = (await res.json()) as FlurstueckResponse;
    expectValidResponse('GET', '/api/flurstueck', res.status, body);
    return { status: res.status, body };
  }

  it('places a parcel under the demo address of every state with an open cadastre, and one across two zones', () => {
    expect(demo.parcels.filter((p) => p.address !== undefined).length).toBeGreaterThan(5);
    expect(demo.parcels.map((p) => p.kennzeichen)).toContain(TWO_ZONE_KENNZEICHEN);
  });

  it.each(
    STATE_ADDRESSES.filter(({ place }) => ['BE', 'HH', 'BB', 'TH'].includes(place.iso.slice(3))),
  )('$state: $address answers its parcel and the zone on it', async ({ address, place }) => {
    const { status, body } = await parcel(`address=${encodeURIComponent(address)}`);
    expect(status).toBe(200);
    const own = demo.parcels.find((p) => p.address === address);
    expect(body.flurstueck.kennzeichen).toBe(own?.kennzeichen);
    expect(body.flurstueck.land).toBe(place.iso.slice(3));
    expect(body.zonen.length).toBeGreaterThan(0);
    expect(body.bodenwert[0]?.bodenwert_euro).toBeGreaterThan(0);
  });

  it('splits the Berlin parcel across two zones 60/40 and values each part with its zone', async () => {
    const { status, body } = await parcel(`kennzeichen=${TWO_ZONE_KENNZEICHEN}`);
    expect(status).toBe(200);
    expect(body.flurstueck.amtliche_flaeche_m2).toBe(1000);
    const byZone = new Map(body.zonen.map((z) => [z.bodenrichtwertnummer, z.anteil]));
    expect(byZone.get('1125')).toBeCloseTo(0.6, 2);
    expect(byZone.get('1124')).toBeCloseTo(0.4, 2);
    const [value] = body.bodenwert;
    expect(body.bodenwert).toHaveLength(1);
    expect(value?.bodenwert_euro).toBeCloseTo(600 * 9000 + 400 * 12000, -3);
  });

  it('shows the two-zone parcel on the lookup page’s Flurstück view', async () => {
    const browser = new FormBrowser(demo.url);
    expect((await browser.login(DEMO_LOGIN.email, DEMO_LOGIN.password)).status).toBe(303);
    const page = await browser.submit('/dashboard/flurstueck', '/dashboard/flurstueck', {
      target: TWO_ZONE_KENNZEICHEN,
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Flurstück ${TWO_ZONE_KENNZEICHEN}`);
    expect(page.html).toContain('data-zone="1124"');
    expect(page.html).toContain('data-zone="1125"');
    expect(page.html).toContain('class="parcel"');
    // Both zones' outlines, from the polygons the shares were computed with.
    expect(page.html.match(/<path class="zone"/g)).toHaveLength(2);
  });
});
