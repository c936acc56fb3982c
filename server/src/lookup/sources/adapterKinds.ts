// Every protocol kind the registry may name. A new kind: its module plus one line here.
import type { AdapterKind } from './adapter.js';
import { importedGeojsonKind } from './geojson/importedGeojsonAdapter.js';
import { wfsGmlKind } from './wfs/wfsAdapter.js';

export const ADAPTER_KINDS: readonly AdapterKind[] = [wfsGmlKind, importedGeojsonKind];
