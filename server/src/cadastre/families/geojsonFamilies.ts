// The GeoJSON schema families of the cadastre (reference §3 d): Berlin's
// alkis_flurstuecke (fsko of 18 characters, gmk/namgmk, fln, zae/nen, afl;
// native EPSG:25833) and Baden-Württemberg's nora v_al_flurstueck
// (flurstueckskennzeichen, gemarkung_name, flurnummer, zaehler/nenner,
// amtliche_flaeche); and the ALKIS vereinfacht names of an OGC API item.
import { readGeojsonSurface } from '../../geo/geojsonSurface.js';
import { geojsonCollectionOf } from '../../sources/geojsonAnswer.js';
import { propertyAt, type Properties } from '../../sources/jsonProperties.js';
import type { CadastralParcel } from '../parcelSource.js';
import { parcelOf, type PublishedParcel, type ReadContext } from './parcelOf.js';

type GeojsonFamily = (properties: Properties) => Omit<PublishedParcel, 'polygon'>;

const berlin: GeojsonFamily = (p) => ({
  kennzeichen: propertyAt(p, 'fsko'),
  amtlicheFlaeche: propertyAt(p, 'afl'),
  gemarkungName: propertyAt(p, 'namgmk'),
  flur: propertyAt(p, 'fln'),
  zaehler: propertyAt(p, 'zae'),
  nenner: propertyAt(p, 'nen'),
});

const bwNora: GeojsonFamily = (p) => ({
  kennzeichen: propertyAt(p, 'flurstueckskennzeichen'),
  amtlicheFlaeche: propertyAt(p, 'amtliche_flaeche'),
  gemarkungName: propertyAt(p, 'gemarkung_name'),
  flur: propertyAt(p, 'flurnummer'),
  zaehler: propertyAt(p, 'zaehler'),
  nenner: propertyAt(p, 'nenner'),
});

/** ALKIS vereinfacht field names in GeoJSON (NRW's OGC API item; the names are assumed, not seen). */
const ave2: GeojsonFamily = (p) => ({
  kennzeichen: propertyAt(p, 'flstkennz'),
  amtlicheFlaeche: propertyAt(p, 'flaeche'),
  gemarkungName: propertyAt(p, 'gemarkung'),
  flur: propertyAt(p, 'flur'),
  zaehler: propertyAt(p, 'flstnrzae'),
  nenner: propertyAt(p, 'flstnrnen'),
  tntxt: propertyAt(p, 'tntxt'),
  lage: propertyAt(p, 'lagebeztxt'),
});

export const GEOJSON_FAMILIES = { berlin, 'bw-nora': bwNora, ave2 } as const;

/** A single GeoJSON Feature (an OGC API item) as a collection of one. */
export function asCollection(text: string): string {
  try {
    const json = JSON.parse(text) as { type?: unknown };
    return json.type === 'Feature'
      ? JSON.stringify({ type: 'FeatureCollection', features: [json] })
      : text;
  } catch {
    return text;
  }
}

export function readGeojsonParcels(
  family: GeojsonFamily,
  text: string,
  context: ReadContext,
): CadastralParcel[] {
  const collection = geojsonCollectionOf(asCollection(text));
  return collection.features.map((feature) =>
    parcelOf(
      {
        ...family(feature.properties),
        polygon: readGeojsonSurface(
          feature.geometry,
          collection.crsName,
          context.nativeCrs,
          context.nativeCrs,
        ),
      },
      context,
    ),
  );
}
