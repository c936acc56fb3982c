// The reader of each schema family: one answer of the service into its parcels.
import type { CadastralParcel } from '../parcelSource.js';
import type { ParcelFamily } from '../parcelSourceDefinition.js';
import { GEOJSON_FAMILIES, readGeojsonParcels } from './geojsonFamilies.js';
import { GML_FAMILIES, readGmlParcels } from './gmlFamilies.js';
import type { ReadContext } from './parcelOf.js';

export function readParcels(
  family: ParcelFamily,
  text: string,
  context: ReadContext,
): CadastralParcel[] {
  if (family === 'berlin' || family === 'bw-nora') {
    return readGeojsonParcels(GEOJSON_FAMILIES[family], text, context);
  }
  return readGmlParcels(GML_FAMILIES[family], text, context);
}

/** An OGC API Features item (GeoJSON) with ALKIS vereinfacht properties. */
export function readParcelItem(text: string, context: ReadContext): CadastralParcel[] {
  return readGeojsonParcels(GEOJSON_FAMILIES.ave2, text, context);
}
