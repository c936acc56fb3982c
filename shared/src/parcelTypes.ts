// Wire types of GET /api/flurstueck (issue 34): a cadastral parcel (Flurstück)
// with its official area, every land-value zone covering part of it, and its
// land value per land use. Optional fields are absent when not applicable.
import type { Attribution, BodenrichtwertEntry, Geocoding } from './apiTypes.js';
import type { LandUseCode } from './landUse.js';

/** A GeoJSON MultiPolygon in WGS84, [lon, lat] positions (RFC 7946). */
export interface GeoJsonMultiPolygon {
  type: 'MultiPolygon';
  coordinates: [number, number][][][];
}

/** The cadastral dataset a parcel comes from, with the credit its licence asks for. */
export interface ParcelDataset {
  /** e.g. "ALKIS vereinfacht, Land Nordrhein-Westfalen" */
  name: string;
  /** The credit as the licence wants it shown, e.g. "© GeoBasis-DE/NRW, dl-de/zero-2-0". */
  text: string;
  license_url: string;
  source_url: string;
}

/** The parcel as the state's cadastre publishes it. */
export interface Flurstueck {
  /** The 20-character Flurstückskennzeichen (Berlin's 18-character form is widened with "__"). */
  kennzeichen: string;
  /** Two-letter state code, e.g. "NW". */
  land: string;
  gemarkung: { nummer: string; name?: string };
  /** Absent where the state has no Fluren (Hamburg). */
  flur?: number;
  zaehler: number;
  nenner?: number;
  /** The official area as published (the legal figure), not the polygon's area. */
  amtliche_flaeche_m2: number;
  /** The actual use from the cadastre where published (e.g. "Straßenverkehr"). */
  nutzung?: string;
  /** The parcel's address text where the cadastre publishes one. */
  lage?: string;
  geometrie: GeoJsonMultiPolygon;
  datensatz: ParcelDataset;
}

/** How the zones' shares of the parcel were found. */
export interface ShareMethod {
  /** 'zonenpolygone': the zone polygons intersected with the parcel; 'rasterstichprobe': the parcel sampled on a grid. */
  verfahren: 'zonenpolygone' | 'rasterstichprobe';
  /** Grid sampling: the grid spacing in metres and the number of points asked. */
  raster_m?: number;
  stichproben?: number;
  /** German sentence on the method and its precision. */
  text: string;
}

/** A land-value zone covering part of the parcel: the lookup's entry fields and its share. */
export type FlurstueckZone = BodenrichtwertEntry & {
  /**
   * The zone's part of the official area, m² (the polygon share scaled to the
   * official area). Named apart from `flaeche_m2`, which stays the reference plot's area.
   */
  anteil_flaeche_m2: number;
  /** The zone's part of the parcel, 0–1. */
  anteil: number;
};

/** One zone's contribution to a land use's value. */
export interface ZoneValue {
  bodenrichtwertnummer?: string;
  anteil_flaeche_m2: number;
  brw_euro_pro_m2: number;
  /** anteil_flaeche_m2 × brw_euro_pro_m2, euro. */
  bodenwert_euro: number;
  /** With gfz=: the density conversion of this zone, or why there is none. */
  gfz_umrechnung?:
    | {
        gfz_referenz: number;
        faktor: number;
        bodenrichtwert_tatsaechlich_euro_pro_m2: number;
        bodenwert_euro: number;
      }
    | { hinweis: string };
}

/** The parcel's land value for one land use: the sum over that use's zones. */
export interface FlurstueckBodenwert {
  nutzungsart: string;
  code: LandUseCode;
  /** Σ anteil_flaeche_m2 of the zones used. */
  flaeche_m2: number;
  /** Σ anteil_flaeche_m2 × brw_euro_pro_m2, euro. */
  bodenwert_euro: number;
  /** With gfz=: Σ of the converted zone values where every zone publishes a wertrelevante GFZ. */
  bodenwert_gfz_euro?: number;
  zonen: ZoneValue[];
}

/** GET /api/flurstueck */
export interface FlurstueckResponse {
  /** As sent, when asked by address. */
  address_input?: string;
  /** As sent, when asked by Kennzeichen. */
  kennzeichen_input?: string;
  /** When asked by address: the point and how it was found. */
  coordinates?: { lat: number; lon: number };
  geocoding?: Geocoding;
  flurstueck: Flurstueck;
  zonen: FlurstueckZone[];
  anteile: ShareMethod;
  bodenwert: FlurstueckBodenwert[];
  /** Present (German sentence) when the parcel is not valued, e.g. a road or water parcel. */
  hinweis?: string;
  cache_hit: boolean;
  cache_stale?: true;
  /** ISO 8601: when the parcel and zones were fetched from the official sources. */
  abgerufen_am: string;
  /** The land-value credit, with the parcel dataset's credit added (as for house coordinates). */
  attribution: Attribution;
  disclaimer: string;
}
