// Reading the answer formats: the real Hamburg GML, HTML GetFeatureInfo
// tables in both layouts, GML GetFeatureInfo, ArcGIS JSON with dates and
// errors, GeoJSON and its exception case.
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCES_FILE } from '#server/sources/registry.js';
import { readQueryFeatures } from '#server/sources/arcgis/arcgisAnswer.js';
import { extractRecord, type FieldMap } from '#server/sources/fieldMap.js';
import { featurePropertiesOf } from '#server/sources/geojsonAnswer.js';
import { featuresOf } from '#server/sources/wfs/featureCollection.js';
import { textAtPath } from '#server/sources/xmlTree.js';
import { readGfiAnswer } from '#server/sources/wms/gfiAnswers.js';
import { readHtmlTables } from '#server/sources/wms/htmlTables.js';
import { entriesOf } from './stateSupport.js';

const shipped = parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')) as {
  sources: { state: string; fields?: FieldMap }[];
};
const fieldsOf = (state: string): FieldMap => {
  const fields = shipped.sources.find((s) => s.state === state)?.fields;
  if (!fields) throw new Error(`no fields for ${state}`);
  return fields;
};

describe('the real Hamburg answer', () => {
  it('maps lgv_brw_zoniert_alle 2022 to its §2.1 entry with the shipped field map', () => {
    const gml = readFileSync(
      new URL('fixtures/hamburg_wfs_lgv_brw_zoniert_alle.gml', import.meta.url),
      'utf8',
    );
    const records = featuresOf(gml, 'lgv_brw_zoniert_alle').map((f) =>
      extractRecord(fieldsOf('DE-HH'), (path) => textAtPath(f, path)),
    );
    expect(entriesOf(records)).toEqual([
      {
        nutzungsart: 'Gemischte Baufläche (Bürohäuser)',
        code: 'M',
        brw_euro_pro_m2: 11752.89,
        stichtag: '2022-01-01',
        gemeinde: 'Hamburg',
        gutachterausschuss: '',
        bodenrichtwertnummer: '01510239',
        zonenbezeichnung: 'Hamburg-Altstadt',
        wertrel_geschossflaechenzahl: 3.7,
        entwicklungszustand: 'baureifes Land',
        beitragszustand:
          'erschließungsbeitrags-/kostenerstattungsbeitragsfrei und abgabenfrei nach Kommunalabgabengesetz',
      },
    ]);
  });

  it('prefers a deviating stichtag over the Jahrgang', () => {
    const record = extractRecord(
      fieldsOf('DE-HH'),
      (path) => ({ jahrgang: '2022', abweichender_stichtag: '01.07.2022' })[path],
    );
    expect(record.stichtag).toBe('01.07.2022');
  });
});

describe('HTML GetFeatureInfo tables (RLP)', () => {
  it('reads "label | value" rows, trimming colons and non-breaking spaces', () => {
    const html =
      '<html><body><table><tr><td>Bodenrichtwert:</td><td>1.150,00&nbsp;€/m²</td></tr>' +
      '<tr><td>Wertermittlungs&shy;stichtag</td><td>01.01.2026</td></tr><tr><td colspan="2">Hinweis</td></tr></table></body></html>';
    const { records } = readHtmlTables(html);
    expect([...(records[0] ?? new Map()).entries()]).toEqual([
      ['Bodenrichtwert', '1.150,00 €/m²'],
      ['Wertermittlungs\u00adstichtag', '01.01.2026'],
    ]);
  });

  it('reads a header row above one row per feature', () => {
    const html =
      '<table><tr><th>Bodenrichtwert</th><th>Nutzungsart</th><th>Gemeinde</th></tr>' +
      '<tr><td>250</td><td>Wohnbaufläche (W)</td><td>Trier</td></tr>' +
      '<tr><td>3,10</td><td>Acker (A)</td><td>Trier</td></tr></table>';
    expect(readHtmlTables(html).records.map((r) => r.get('Nutzungsart'))).toEqual([
      'Wohnbaufläche (W)',
      'Acker (A)',
    ]);
  });

  it('tells an empty answer from a maintenance page and a cut-off page', () => {
    expect(
      readHtmlTables('<html><head><title>GFI</title></head><body> </body></html>').visibleText,
    ).toBe('');
    expect(readHtmlTables('<html><body><h1>Wartungsarbeiten</h1></body></html>').visibleText).toBe(
      'Wartungsarbeiten',
    );
    expect(() => readHtmlTables('<html><body><table><tr><td>Bodenrichtwert</td>')).toThrow(
      /cut off/,
    );
  });
});

describe('GML GetFeatureInfo', () => {
  it('reads every feature of a deegree FeatureCollection whatever its type name', () => {
    const gml =
      '<?xml version=\'1.0\' encoding=\'UTF-8\'?><FeatureCollection xmlns="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml">' +
      '<gml:featureMember><app:lgv_brw_lagetypisch_2006 xmlns:app="http://www.deegree.org/app" fid="A_1"><app:richtwert_euro>9100.00</app:richtwert_euro></app:lgv_brw_lagetypisch_2006></gml:featureMember>' +
      '<gml:featureMember><app:other xmlns:app="http://www.deegree.org/app" fid="B_1"><app:richtwert_euro>5.50</app:richtwert_euro></app:other></gml:featureMember></FeatureCollection>';
    expect(readGfiAnswer('gml', gml).features.map((valueAt) => valueAt('richtwert_euro'))).toEqual([
      '9100.00',
      '5.50',
    ]);
  });

  it('reports a ServiceExceptionReport as a service exception', () => {
    const report =
      '<ServiceExceptionReport><ServiceException>Layer not queryable</ServiceException></ServiceExceptionReport>';
    expect(() => readGfiAnswer('gml', report)).toThrow(/Layer not queryable/);
  });
});

describe('ArcGIS query answers', () => {
  const answer = (stag: number) =>
    JSON.stringify({
      fields: [
        { name: 'STAG', type: 'esriFieldTypeDate' },
        { name: 'BRW', type: 'esriFieldTypeDouble' },
      ],
      features: [{ attributes: { STAG: stag, BRW: 95.5 } }],
    });

  it.each([
    ['midnight UTC', Date.UTC(2026, 0, 1)],
    ['midnight in Germany', Date.UTC(2025, 11, 31, 23)],
  ])('reads a date field stored at %s as the German calendar date', (_label, stag) => {
    expect(readQueryFeatures(answer(stag))).toEqual([{ STAG: '2026-01-01', BRW: 95.5 }]);
  });

  it('reports an error object sent with HTTP 200 as a service exception', () => {
    expect(() =>
      readQueryFeatures(
        '{"error":{"code":400,"message":"Invalid or missing input parameters.","details":[]}}',
      ),
    ).toThrow(expect.objectContaining({ reason: 'service_exception' }) as Error);
  });

  it('reports JSON of another shape as malformed', () => {
    expect(() => readQueryFeatures('{"layers":[]}')).toThrow(
      expect.objectContaining({ reason: 'malformed_body' }) as Error,
    );
  });
});

describe('GeoJSON answers', () => {
  it('reads the properties and reports an OGC exception as a service exception', () => {
    expect(
      featurePropertiesOf(
        '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"brw":1}}]}',
      ),
    ).toEqual([{ brw: 1 }]);
    const exception =
      '<?xml version="1.0"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1"><ows:Exception><ows:ExceptionText>Unknown type</ows:ExceptionText></ows:Exception></ows:ExceptionReport>';
    expect(() => featurePropertiesOf(exception)).toThrow(/Unknown type/);
    expect(() => featurePropertiesOf('{"type":"Feature"}')).toThrow(/no GeoJSON FeatureCollection/);
  });
});
