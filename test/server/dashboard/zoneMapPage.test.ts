// The lookup page with a zone outline of very many points (a zone of many
// parts and holes): the map is drawn from a thinned outline, the page answers
// 200, and the lookup is counted once. The outline is planted in the cached
// entry, where every source's outline ends up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, WIESBADEN } from '#dev/fakes/demoWorld.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';

let h: LookupHarness;
beforeAll(async () => {
  h = await startLookupHarness({ env: { CACHE_HOT_SECONDS: '0' } });
});
afterAll(async () => {
  await h.close();
});

const RINGS = 1_000;
const POINTS = 256;

/** An outline around Wiesbaden of RINGS closed rings with POINTS points each. */
function hugeOutline(): [number, number][][] {
  return Array.from({ length: RINGS }, (_, r) =>
    Array.from({ length: POINTS }, (_, i): [number, number] => {
      const angle = (2 * Math.PI * (i % (POINTS - 1))) / (POINTS - 1);
      const radius = 0.0005 + r * 0.000001;
      return [WIESBADEN.lon + radius * Math.cos(angle), WIESBADEN.lat + radius * Math.sin(angle)];
    }),
  );
}

/** Replaces the outline of every cached entry (the API lookup before fills the cache). */
async function plantOutline(outline: unknown) {
  expect((await h.get({ address: DEMO_ADDRESSES.wiesbaden })).status).toBe(200);
  const [rows] = await h.server.ctx.db.sequelize.query(
    'SELECT coordinate_key AS k, entries AS e FROM land_value_cache',
  );
  for (const row of rows as { k: string; e: string }[]) {
    const entries = JSON.parse(row.e) as Record<string, unknown>[];
    await h.server.ctx.db.sequelize.query(
      'UPDATE land_value_cache SET entries = ? WHERE coordinate_key = ?',
      { replacements: [JSON.stringify(entries.map((e) => ({ ...e, outline }))), row.k] },
    );
  }
}

async function pageView() {
  const { browser, user } = await signedInBrowser(h.server);
  const page = await browser.submit('/dashboard/abfrage', '/dashboard/abfrage', {
    address: DEMO_ADDRESSES.wiesbaden,
  });
  const usage = (await h.server.ctx.profiles.getProfile(user.id))?.usage_this_month;
  return { page, usage };
}

describe('Abfrage page with a zone outline of many points', () => {
  it('draws a thinned map, answers 200 and counts the lookup once', async () => {
    await plantOutline(hugeOutline());
    const { page, usage } = await pageView();
    expect(page.status).toBe(200);
    const path = /<path class="zone"[^>]* d="([^"]*)"/.exec(page.html)?.[1] ?? '';
    expect(path).not.toBe('');
    // Thinned: far fewer points than the 256,000 planted, enough for a map 640 pixels wide.
    expect(path.split(/[ML]/).length).toBeLessThan(20_000);
    expect(usage).toBe(1);
  });

  it('charges nothing for a page view that ends in an error', async () => {
    await plantOutline([[null]]);
    const { page, usage } = await pageView();
    expect(page.status).toBe(500);
    expect(usage).toBe(0);
  });
});
