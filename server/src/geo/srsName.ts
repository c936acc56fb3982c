// The reference system and axis order an srsName names, as GML (srsName) and
// GeoJSON (crs.properties.name) write it. A geo question, not a WFS one: the
// GML and GeoJSON outline readers and the address imports all ask it.
import type { AxisOrder, Crs } from './crs.js';

/** The CRS an srsName names (EPSG URN, URL or code); undefined when it is none of the known ones. */
export function frameOfSrsName(srsName: string): { crs: Crs; axisOrder: AxisOrder } | undefined {
  const code = /(?:EPSG::?|EPSG\/0\/)(\d+)$/i.exec(srsName.trim())?.[1];
  if (code === '25832' || code === '25833') return { crs: `EPSG:${code}`, axisOrder: 'east-north' };
  if (code !== '4326') return undefined;
  // The plain "EPSG:4326" is written lon/lat by common servers; the URN and URL forms lat/lon.
  return {
    crs: 'EPSG:4326',
    axisOrder: /^EPSG:4326$/i.test(srsName.trim()) ? 'lon-lat' : 'lat-lon',
  };
}
