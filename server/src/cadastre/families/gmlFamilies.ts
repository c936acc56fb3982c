// The GML schema families of the cadastre (reference §3 d), each a path to
// its fields in one feature: AdV "ALKIS vereinfacht" 2.0 (NW, NI, HH, BB, HE,
// ST, RP, SN, HB deegree) and 1.0 (TH: flur "Flur 2", flurstnr "425/1"),
// INSPIRE cp:CadastralParcel (SH, MV, SL; no Gemarkung name, Flur or address),
// NAS adv:AX_Flurstueck (HB via LGLN, the NRW AAA WFS).
import { featuresOf } from '../../sources/wfs/featureCollection.js';
import { readGmlSurface } from '../../sources/wfs/gmlSurface.js';
import { children, textAtPath, type XmlNode } from '../../sources/xmlTree.js';
import type { CadastralParcel } from '../parcelSource.js';
import { parcelOf, type PublishedParcel, type ReadContext } from './parcelOf.js';

interface GmlFamily {
  /** Local names of the feature types (prefixes vary: ave:, app:, none). */
  types: readonly string[];
  geometry: string;
  fields: (feature: XmlNode) => Omit<PublishedParcel, 'polygon'>;
}

const at = (feature: XmlNode, path: string) => textAtPath(feature, path);

const ave2: GmlFamily = {
  types: ['Flurstueck', 'flurstuecke'],
  geometry: 'geometrie',
  fields: (f) => ({
    kennzeichen: at(f, 'flstkennz'),
    amtlicheFlaeche: at(f, 'flaeche'),
    gemarkungName: at(f, 'gemarkung'),
    flur: at(f, 'flur'),
    zaehler: at(f, 'flstnrzae'),
    nenner: at(f, 'flstnrnen'),
    tntxt: at(f, 'tntxt'),
    lage: at(f, 'lagebeztxt'),
  }),
};

/** "425/1" → Zähler 425, Nenner 1. */
const fraction = (text: string | undefined) => {
  const [zaehler, nenner] = (text ?? '').split('/');
  return { zaehler, nenner };
};

const ave1: GmlFamily = {
  types: ['Flurstueck'],
  geometry: 'geometrie',
  fields: (f) => ({
    kennzeichen: at(f, 'flstkennz'),
    amtlicheFlaeche: at(f, 'flaeche'),
    gemarkungName: at(f, 'gemarkung'),
    flur: at(f, 'flur'),
    ...fraction(at(f, 'flurstnr')),
    tntxt: at(f, 'tntxt'),
    lage: at(f, 'lagebeztxt'),
  }),
};

const inspireCp: GmlFamily = {
  types: ['CadastralParcel'],
  geometry: 'geometry',
  fields: (f) => ({
    kennzeichen: at(f, 'nationalCadastralReference'),
    // areaValue uom="m2": other units are not seen and would be misread.
    amtlicheFlaeche: at(f, 'areaValue/@uom') === 'm2' ? at(f, 'areaValue') : undefined,
    ...fraction(at(f, 'label')),
  }),
};

const nas: GmlFamily = {
  types: ['AX_Flurstueck'],
  geometry: 'position',
  fields: (f) => ({
    kennzeichen: at(f, 'flurstueckskennzeichen'),
    amtlicheFlaeche: at(f, 'amtlicheFlaeche'),
    flur: at(f, 'flurnummer'),
    zaehler: at(f, 'flurstuecksnummer/AX_Flurstuecksnummer/zaehler'),
    nenner: at(f, 'flurstuecksnummer/AX_Flurstuecksnummer/nenner'),
  }),
};

export const GML_FAMILIES = { ave2, ave1, 'inspire-cp': inspireCp, nas } as const;

/** Every parcel of a GetFeature answer in the family's shape. */
export function readGmlParcels(
  family: GmlFamily,
  xml: string,
  context: ReadContext,
): CadastralParcel[] {
  return featuresOf(xml, family.types).map((feature) => {
    const geometry = children(feature, family.geometry)[0];
    const polygon =
      geometry &&
      readGmlSurface(
        geometry,
        { crs: context.nativeCrs, axisOrder: 'east-north' },
        context.nativeCrs,
      );
    return parcelOf({ ...family.fields(feature), polygon }, context);
  });
}
