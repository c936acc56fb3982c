// The BRM profiles of the three WFS states, as the reference describes them.
import type { BrmProfile } from './brmGml.js';

const common = {
  featureType: 'boris:BR_BodenrichtwertZonal',
  geometryProperty: 'adv:position',
} as const;

/** Niedersachsen and Bremen (LGLN): boris 2.0 + gid 6.0, EPSG:4326. */
export const LGLN_PROFILE: BrmProfile = {
  ...common,
  namespaces: {
    boris: 'http://www.adv-online.de/namespaces/adv/boris/2.0',
    adv: 'http://www.adv-online.de/namespaces/adv/gid/6.0',
  },
  nativeCrs: 'EPSG:4326',
  nativeSrsName: 'urn:ogc:def:crs:EPSG::4326',
  nativeAxisOrder: 'lat-lon',
};

/** Hessen (XtraServer): brm 2.1 + gid 7.1, EPSG:25832, uom on the value. */
export const HESSEN_PROFILE: BrmProfile = {
  ...common,
  namespaces: {
    boris: 'http://www.adv-online.de/namespaces/adv/brm/2.1',
    adv: 'http://www.adv-online.de/namespaces/adv/gid/7.1',
  },
  nativeCrs: 'EPSG:25832',
  nativeSrsName: 'urn:ogc:def:crs:EPSG::25832',
  nativeAxisOrder: 'east-north',
  valueUom: 'EUR/m^2',
};
