import { describe, expect, it } from 'vitest';
import { readWmsLayers } from '#server/sources/ogc/wmsCapabilities.js';

// The layer tree of an ArcGIS WMS 1.3.0 (numbered layers, the use in the
// title, group layers without queryable flag) and of a MapServer WMS 1.1.1.
const ARCGIS_130 = `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms">
  <Service><Name>WMS</Name><Title>BORIS NRW</Title></Service>
  <Capability><Layer><Title>Bodenrichtwerte</Title>
    <Layer><Name>1</Name><Title>Landwirtschaft</Title>
      <Layer queryable="1"><Name>8</Name><Title>brw_landwirtschaft</Title></Layer>
      <Layer queryable="0"><Name>9</Name><Title>brw_landwirtschaft_label</Title></Layer>
    </Layer>
  </Layer></Capability>
</WMS_Capabilities>`;

const MAPSERVER_111 = `<?xml version='1.0' encoding="UTF-8" standalone="no" ?>
<WMT_MS_Capabilities version="1.1.1">
  <Capability><Layer queryable="1"><Name>Bodenrichtwerte_Basis_RLP</Name><Title>Basisdienst</Title>
    <Layer><Name>RLP_1</Name><Title>Basisdienst bebaut</Title></Layer>
    <Layer queryable="0"><Name>RLP_0</Name></Layer>
  </Layer></Capability>
</WMT_MS_Capabilities>`;

describe('WMS capabilities', () => {
  it('lists every named layer with its title and queryable flag (WMS 1.3.0)', async () => {
    expect(await readWmsLayers(ARCGIS_130)).toEqual([
      { name: '1', title: 'Landwirtschaft', queryable: false },
      { name: '8', title: 'brw_landwirtschaft', queryable: true },
      { name: '9', title: 'brw_landwirtschaft_label', queryable: false },
    ]);
  });

  it('inherits queryable from the parent and falls back to the name as title (WMS 1.1.1)', async () => {
    expect(await readWmsLayers(MAPSERVER_111)).toEqual([
      { name: 'Bodenrichtwerte_Basis_RLP', title: 'Basisdienst', queryable: true },
      { name: 'RLP_1', title: 'Basisdienst bebaut', queryable: true },
      { name: 'RLP_0', title: 'RLP_0', queryable: false },
    ]);
  });

  it.each([
    [
      'an exception report',
      '<ServiceExceptionReport><ServiceException>x</ServiceException></ServiceExceptionReport>',
    ],
    ['cut-off XML', ARCGIS_130.slice(0, 200)],
  ])('is an outage for %s', async (_name, text) => {
    await expect(readWmsLayers(text)).rejects.toThrow(
      expect.objectContaining({ reason: 'malformed_body' }),
    );
  });
});
