// Which values the lookup page links: only the fields that are links
// (viewer_url, and the registry's source and licence URLs in the
// attribution). A published string that merely begins with https:// (a
// state service's Gemeinde, Zone or any field of the answer) stays text.
// The strings are planted in the cached entry, where every source's values end up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';

let h: LookupHarness;
beforeAll(async () => {
  h = await startLookupHarness({ env: { CACHE_HOT_SECONDS: '0' } });
});
afterAll(async () => {
  await h.close();
});

const BAIT = 'https://evil.example/anmelden';

describe('links on the lookup page', () => {
  it('links viewer_url and the attribution, never another field that looks like a URL', async () => {
    expect((await h.get({ address: DEMO_ADDRESSES.wiesbaden })).status).toBe(200);
    const [rows] = await h.server.ctx.db.sequelize.query(
      'SELECT coordinate_key AS k, entries AS e FROM land_value_cache',
    );
    for (const row of rows as { k: string; e: string }[]) {
      const entries = JSON.parse(row.e) as Record<string, unknown>[];
      const planted = entries.map((entry) => ({
        ...entry,
        gemeinde: BAIT,
        zonenbezeichnung: `${BAIT}/zone`,
        viewer_url: 'https://hvbg.hessen.de/immobilienwerte/boris-hessen',
      }));
      await h.server.ctx.db.sequelize.query(
        'UPDATE land_value_cache SET entries = ? WHERE coordinate_key = ?',
        { replacements: [JSON.stringify(planted), row.k] },
      );
    }
    const { browser } = await signedInBrowser(h.server);
    const page = await browser.submit('/dashboard/abfrage', '/dashboard/abfrage', {
      address: DEMO_ADDRESSES.wiesbaden,
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain(BAIT);
    expect(page.html).not.toMatch(/href="https:\/\/evil\.example/);
    expect(page.html).toContain('href="https://hvbg.hessen.de/immobilienwerte/boris-hessen"');
  });
});
