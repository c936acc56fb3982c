// Every protocol kind the registry may name. A new kind: its module, one line here
// and one in sourceCheck/schemaCheck.ts (SCHEMA_CHECKS; a test holds the two together).
import type { AdapterKind } from './adapter.js';
import { arcgisQueryKind } from './arcgis/arcgisAdapter.js';
import { importedGeojsonKind } from './geojson/importedGeojsonAdapter.js';
import { wfsGmlKind } from './wfs/wfsAdapter.js';
import { wfsGeojsonKind } from './wfs/wfsGeojsonAdapter.js';
import { wfsTwoStepKind } from './wfs/twoStepAdapter.js';
import { wmsGfiKind } from './wms/wmsGfiAdapter.js';

export const ADAPTER_KINDS: readonly AdapterKind[] = [
  wfsGmlKind,
  wfsTwoStepKind,
  wfsGeojsonKind,
  wmsGfiKind,
  arcgisQueryKind,
  importedGeojsonKind,
];
