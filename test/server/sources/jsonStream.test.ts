// An ArcGIS MapServer's layer list read a slice at a time: what JSON.parse
// and the schema made of it before, counted as it is read, and other work
// answered between the slices.
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readLayerList } from '#server/sources/arcgis/arcgisAnswer.js';
import { SLICE } from '#server/sources/inTurns.js';
import { readJsonInTurns } from '#server/sources/jsonStream.js';

const bytes = (json: string) => Buffer.from(json);

/** A list shaped as Sachsen-Anhalt's MapServer answers `?f=json` (currentVersion, subLayerIds, tables). */
function mapServer(layers: readonly { id: number; name: string; parentLayerId: number }[]) {
  return JSON.stringify({
    currentVersion: 10.91,
    serviceDescription: 'Bodenrichtwerte Sachsen-Anhalt',
    layers: layers.map((layer) => ({ ...layer, subLayerIds: null, defaultVisibility: true })),
    tables: [],
  });
}

describe('an ArcGIS layer list read in slices', () => {
  it('gives the layers JSON.parse gives, names across a slice boundary whole', async () => {
    // Long enough that the slices cut names, with characters of two to four bytes in them.
    const layers = Array.from({ length: 600 }, (_, id) => ({
      id,
      name: `VBORIS_BAUL_2026010${id % 10} Bördeland € 𝄞 ${'x'.repeat(id % 37)}`,
      parentLayerId: id < 10 ? -1 : id % 10,
    }));
    const text = mapServer(layers);
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * SLICE);
    expect(await readLayerList(bytes(text))).toEqual(layers);
  });

  it('is an outage of the service where ArcGIS answers its error object', async () => {
    const error = '{"error":{"code":400,"message":"Invalid URL","details":[]}}';
    await expect(readLayerList(bytes(error))).rejects.toMatchObject({
      reason: 'service_exception',
      message: 'ArcGIS error: Invalid URL',
    });
  });

  it.each([
    ['an HTML page', '<html><body>Wartung</body></html>'],
    ['a cut-off list', '{"layers":[{"id":0,"name":"a","parentLayerId":-1}'],
    ['a second value after the list', '{"layers":[]} {"layers":[]}'],
    ['nothing', ''],
  ])('is an outage for %s: not JSON', async (_what, text) => {
    await expect(readLayerList(bytes(text))).rejects.toMatchObject({
      reason: 'malformed_body',
      message: 'answer is not JSON',
    });
  });

  it.each([
    ['an array', '[{"id":0,"name":"a"}]'],
    ['a layer without a name', '{"layers":[{"id":0}]}'],
  ])('is an outage for %s: no layer list', async (_what, text) => {
    await expect(readLayerList(bytes(text))).rejects.toMatchObject({
      reason: 'malformed_body',
      message: 'answer is no MapServer layer list',
    });
  });

  it('stops reading at the 5,001st of 270,000 layers', async () => {
    const text = `{"layers":[${Array.from({ length: 270_000 }, (_, id) => `{"id":${id},"name":"x"}`).join(',')}]}`;
    let read = 0;
    const items = readJsonInTurns(bytes(text), {
      path: '$.layers.*',
      each: () => {
        read += 1;
        if (read > 5_000) throw new Error('the reader bounds it here');
      },
    });
    await expect(items).rejects.toThrow('the reader bounds it here');
    expect(read).toBe(5_001);
    await expect(readLayerList(bytes(text))).rejects.toMatchObject({
      reason: 'malformed_body',
      message: 'more than 5000 layers offered',
    });
  });

  it('lets other work run between its slices', async () => {
    const layers = Array.from({ length: 4_000 }, (_, id) => ({
      id,
      name: `VBORIS_BAUL_${'y'.repeat(1_000)}`,
      parentLayerId: -1,
    }));
    const body = bytes(mapServer(layers));
    let done = false;
    let turns = 0;
    const other = (async () => {
      while (!done) {
        turns += 1;
        await turn();
      }
    })();
    const read = await readLayerList(body);
    done = true;
    await other;
    expect(read).toHaveLength(4_000);
    // A turn of the other work after each slice, give or take the first and the last.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(body.length / SLICE) - 1);
  });
});
