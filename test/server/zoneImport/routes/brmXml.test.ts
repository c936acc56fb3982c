import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hessenBrmXml, hessenMembers, hessenRing } from '#dev/fakes/brmXmlFile.js';
import { MAINTENANCE_PAGE } from '#dev/fakes/faults.js';
import { ZoneImportError } from '#server/zoneImport/zoneImportError.js';
import { brmXmlRoute } from '#server/zoneImport/routes/brmXml.js';
import { writeZip } from '../../../support/zipFile.js';
import { offsetFrom, polygonOf, runRoute } from './routeHarness.js';

const dir = mkdtempSync(join(tmpdir(), 'brm-xml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const OPTIONS = {
  featureTypes: ['boris:BR_BodenrichtwertZonal'],
  crs: 'EPSG:25832',
  nativeCrs: 'EPSG:25832',
  nativeAxisOrder: 'east-north',
  geometryProperty: 'adv:position',
};
const read = (path: string) => runRoute(brmXmlRoute, OPTIONS, 2024, { file: path });
const failure = async (path: string) => {
  const { error } = await read(path);
  expect(error).toBeInstanceOf(ZoneImportError);
  return error as ZoneImportError;
};

describe('brm-xml (Hessen, BRM XML per stichtag)', () => {
  it('streams every zone of a file of several megabytes with its values and polygon', async () => {
    const path = file('BRW_2024.xml', hessenBrmXml(hessenMembers('2024-01-01', 3000)));
    const { zones, error } = await read(path);
    expect(error).toBeUndefined();
    expect(zones).toHaveLength(3000);
    const zone = zones[2999];
    expect(zone?.where).toBe('BRW_2024.xml, Objekt 3000 (DEHE06BR00002999)');
    expect(zone?.valueAt('bodenrichtwert')).toBe('3999');
    expect(zone?.valueAt('nutzung/art')).toBe('W');
    expect(zones[0]?.valueAt('nutzung/art')).toBe('LW');
    expect(zone?.valueAt('stichtag')).toBe('2024-01-01');
    expect(zone?.valueAt('gemarkung/name')).toBe('Frankfurt');
    expect(zone?.valueAt('wertrelevanteGeschossflaechenzahl/wert')).toBe('2.0');
    expect(zone?.valueAt('bodenrichtwert/@uom')).toBe('EUR/m^2');
    const polygon = polygonOf(zone);
    expect(polygon.crs).toBe('EPSG:25832');
    expect(offsetFrom(polygon, hessenRing(2999)[0] as [number, number], 'EPSG:25832')).toBeLessThan(
      0.01,
    );
  });

  it('finds the features under any wrapper and in every XML entry of a zip', async () => {
    const other = file('other.xml', hessenBrmXml(hessenMembers('2024-01-01', 5), 'other'));
    expect((await read(other)).zones).toHaveLength(5);
    const zip = writeZip(join(dir, 'brw.zip'), [
      { name: 'liesmich.txt', data: 'Bodenrichtwerte Hessen' },
      { name: 'BRW_2024_a.xml', data: hessenBrmXml(hessenMembers('2024-01-01', 4)) },
      { name: 'BRW_2024_b.xml', data: hessenBrmXml(hessenMembers('2024-01-01', 3)) },
    ]);
    const { zones, error } = await read(zip);
    expect(error).toBeUndefined();
    expect(zones.map((zone) => zone.where.split(',')[0])).toEqual([
      ...Array<string>(4).fill('BRW_2024_a.xml'),
      ...Array<string>(3).fill('BRW_2024_b.xml'),
    ]);
  });

  it('refuses an HTML page saved instead of the file', async () => {
    const error = await failure(file('download.xml', MAINTENANCE_PAGE));
    expect(error.reason).toBe('not_the_set');
    expect(error.message).toBe('download.xml: eine HTML-Seite statt der BRM-XML-Datei');
  });

  it('refuses a cut download, naming the last whole zone', async () => {
    const text = hessenBrmXml(hessenMembers('2024-01-01', 10));
    const cut = file('cut.xml', text.slice(0, Math.floor(text.length * 0.55)));
    const { zones, error } = await read(cut);
    expect((error as Error).message).toMatch(
      /^cut\.xml: die Datei endet mitten im XML \(abgeschnitten\?\) nach Objekt \d$/,
    );
    expect(zones.length).toBeLessThan(10);
  });

  it('refuses a file without BRM features and a zip without XML', async () => {
    const empty = await failure(file('leer.xml', '<?xml version="1.0"?><Bestand/>'));
    expect(empty.message).toBe('leer.xml: keine Objekte BR_BodenrichtwertZonal in der Datei');
    const zip = writeZip(join(dir, 'no-xml.zip'), [{ name: 'a.txt', data: 'x' }]);
    expect((await failure(zip)).message).toBe('no-xml.zip: das ZIP-Archiv enthält keine XML-Datei');
    expect((await failure(file('csv.xml', 'BRW;STAG\n1;2'))).message).toBe(
      'csv.xml: keine XML-Datei',
    );
  });

  it('yields a broken ring as unreadable and a zone without its value as it is', async () => {
    const members = hessenMembers('2024-01-01', 3);
    members[0] = (members[0] ?? '').replace(/<gml:posList>[^<]*</, '<gml:posList>1 2 3<');
    members[1] = (members[1] ?? '').replace(
      /<boris:bodenrichtwert [^>]*>[^<]*<\/boris:bodenrichtwert>/,
      '',
    );
    const { zones, error } = await read(file('broken.xml', hessenBrmXml(members)));
    expect(error).toBeUndefined();
    expect(zones[0]?.geometry).toEqual({
      unreadable: expect.stringMatching(/^Geometrie nicht lesbar/),
    });
    expect(zones[1]?.valueAt('bodenrichtwert')).toBeUndefined();
    expect(zones[1]?.valueAt('stichtag')).toBe('2024-01-01');
  });

  it('refuses a geometry in a coordinate system it cannot read', async () => {
    const members = hessenMembers('2024-01-01', 2).map((m) =>
      m.replace('urn:ogc:def:crs:EPSG::25832', 'urn:ogc:def:crs:EPSG::31467'),
    );
    const error = await failure(file('gk.xml', hessenBrmXml(members)));
    expect(error.reason).toBe('wrong_crs');
    expect(error.message).toMatch(/^gk\.xml, Objekt 1 \(DEHE06BR00000000\): Koordinatensystem/);
  });

  it('refuses a service address: the import downloads the file first', async () => {
    const { error } = await runRoute(brmXmlRoute, OPTIONS, 2024, {
      url: 'https://www.gds.hessen.de/',
    });
    expect((error as ZoneImportError).reason).toBe('not_the_set');
  });
});
