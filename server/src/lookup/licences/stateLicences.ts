// The licence registry: for every covered state, the licence its land values
// are published under, whom the attribution must name, and whether the terms
// allow what this service does with them (cache answers for 30 days, sell
// access). A state whose terms forbid either is never asked online; only an
// imported dataset the operator holds a licence for may stand in (registry.ts).
// The facts come from public reference research (see `basis`); none was checked live.
import type { LicenseId } from '../../../../shared/src/texts.js';

export interface StateLicence {
  /** The licence of the open service; undefined where the state publishes none. */
  licence: LicenseId | undefined;
  /** The owners as the attribution must name them (the registry's `owners`). */
  owners: readonly string[];
  /** The credit line the owner asks for, word for word as published. */
  notice: string;
  cachingAllowed: boolean;
  commercialUseAllowed: boolean;
  /** Where the facts come from and what is uncertain. */
  basis: string;
}

const open = (
  licence: LicenseId,
  owners: readonly string[],
  notice: string,
  basis: string,
): StateLicence => ({
  licence,
  owners,
  notice,
  cachingAllowed: true,
  commercialUseAllowed: true,
  basis,
});

export const STATE_LICENCES: Readonly<Record<string, StateLicence>> = {
  'DE-BB': open(
    'dl-de/by-2-0',
    ['GeoBasis-DE/LGB'],
    '© GeoBasis-DE/LGB, dl-de/by-2-0',
    'WFS capabilities of isk.geobasis-bb.de; two independent projects use the same notice.',
  ),
  'DE-BE': open(
    'dl-de/zero-2-0',
    ['Geoportal Berlin / SenStadt'],
    'Bodenrichtwerte: Geoportal Berlin / SenStadt, dl-de/zero-2.0',
    'dl-de/zero-2.0 needs no attribution; the source is named anyway.',
  ),
  'DE-HB': open(
    'dl-de/by-2-0',
    ['Landesamt GeoInformation Bremen', 'GDI-NI'],
    '© GDI-NI (dl-de/by-2.0); Landesamt GeoInformation Bremen',
    'Served by LGLN; the references name either GDI-NI or GeoInformation Bremen, so both are named.',
  ),
  'DE-HE': open(
    'dl-de/zero-2-0',
    ['Hessische Verwaltung für Bodenmanagement und Geoinformation (HVBG)'],
    'Hessische Verwaltung für Bodenmanagement und Geoinformation (HVBG)',
    'Metadata geoportal.hessen.de/spatial-objects/864; capabilities allow free automated use incl. commercial (§1 Abs. 2 GAKostG).',
  ),
  'DE-HH': open(
    'dl-de/by-2-0',
    ['Freie und Hansestadt Hamburg, Landesbetrieb Geoinformation und Vermessung (LGV)'],
    'Freie und Hansestadt Hamburg, Landesbetrieb Geoinformation und Vermessung (LGV) (dl-de/by-2.0)',
    'Notice as used by the official Masterportal and two reference projects.',
  ),
  'DE-MV': open(
    'cc-by-4.0',
    ['Gutachterausschüsse für Grundstückswerte in Mecklenburg-Vorpommern', 'GeoBasis-DE/MV'],
    '© Gutachterausschüsse für Grundstückswerte in Mecklenburg-Vorpommern (GeoPortal.MV); ©GeoBasis-DE/MV/CC BY 4.0',
    'CC BY 4.0 with commercial use per the LAiV M-V page "Amtliche Geobasisdaten frei für jedermann", whose credit line "©GeoBasis-DE/MV/CC BY 4.0" is used word for word; a reference that checked the service credits the committees (GeoPortal.MV), so both are named. One reference lists MV as missing from BORIS-D for unnamed legal reasons.',
  ),
  'DE-NI': open(
    'dl-de/by-2-0',
    ['GDI-NI'],
    '© GDI-NI (dl-de/by-2.0)',
    'ows:Fees of the WFS names dl-de/by-2.0; metadata source "© GDI-NI".',
  ),
  'DE-NW': open(
    'dl-de/zero-2-0',
    ['Land NRW / GeoBasis NRW'],
    'Bodenrichtwerte: BORIS-NRW / GeoBasis NRW, dl-de/zero-2.0',
    'Every reference agrees on dl-de/zero-2.0 (no attribution duty).',
  ),
  'DE-RP': open(
    'dl-de/by-2-0',
    ['GeoBasis-DE / LVermGeo RLP'],
    '© GeoBasis-DE / LVermGeo RLP (dl-de/by-2.0)',
    'dl-de/by-2.0 allows commercial use; one reference project still asked LVermGeo for a written confirmation.',
  ),
  'DE-ST': {
    licence: undefined,
    owners: ['GeoBasis-DE / LVermGeo LSA'],
    notice: '',
    cachingAllowed: true,
    commercialUseAllowed: false,
    basis:
      'The state offers its land values online for viewing only or as a fee-based access with terms of use, and sells them per value under the Kostenverordnung; no licence text grants open reuse (see the registry evidence).',
  },
  'DE-TH': open(
    'dl-de/by-2-0',
    ['GDI-Th'],
    'Bodenrichtwerte © GDI-Th (dl-de/by-2-0)',
    'GDI-Th — Geodateninfrastruktur Thüringen; TLBG is named as owner in another reference.',
  ),
  'DE-BW': {
    licence: undefined,
    owners: ['Gutachterausschüsse in Baden-Württemberg'],
    notice: '',
    cachingAllowed: false,
    commercialUseAllowed: false,
    basis:
      'BORIS-BW publishes no open machine service and forbids commercial use (zgg-bw.de/BORIS-BW); the only endpoint is Referer-gated.',
  },
  'DE-SL': {
    licence: undefined,
    owners: ['Landesamt für Vermessung, Geoinformation und Landentwicklung Saarland'],
    notice: '',
    cachingAllowed: true,
    commercialUseAllowed: false,
    basis: 'The Saarland expressly forbids commercial reuse of its land values.',
  },
};

/** Why an online source may not be used for the state, or undefined when it may. */
export function onlineUseRefusal(state: string): string | undefined {
  const terms = STATE_LICENCES[state];
  if (!terms) return `no licence is recorded for ${state}`;
  if (!terms.cachingAllowed) return `the licence of ${state} forbids caching`;
  if (!terms.commercialUseAllowed) return `the licence of ${state} forbids commercial use`;
  return undefined;
}
