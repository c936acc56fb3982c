// The GeoJSON schema families of the cadastre (reference §3 d): Berlin's
// alkis_flurstuecke (fsko of 18 characters, gmk/namgmk, fln, zae/nen, afl;
// native EPSG:25833) and Baden-Württemberg's nora v_al_flurstueck
// (flurstueckskennzeichen, gemarkung_name, flurnummer, zaehler/nenner,
// amtliche_flaeche).
import { readGeojsonSurface } from '../../../lookup/geo/geojsonSurface.js';
import { geojsonCollectionOf } from '../../../lookup/sources/geojsonAnswer.js';
import { propertyAt, type Properties } from '../../../lookup/sources/jsonProperties.js';
import type { CadastralParcel } from '../../parcelSource.js';
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

export const GEOJSON_FAMILIES = { berlin, 'bw-nora': bwNora } as const;

export function readGeojsonParcels(
  family: GeojsonFamily,
  text: string,
  context: ReadContext,
): CadastralParcel[] {
  const collection = geojsonCollectionOf(text);
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
