// What every schema family's reader hands over, and the one place that turns
// it into a CadastralParcel: the Kennzeichen normalised (18 characters
// widened, "_" and "0" padding alike), the official area a positive number,
// the polygon readable. A feature that fails these is an unusable answer
// (UpstreamOutage), never a parcel with a wrong or zero area.
import type { ParcelDataset } from '#shared/parcelTypes.js';
import { parseKennzeichen, splitKennzeichen } from '#shared/flurstueckskennzeichen.js';
import type { MetricCrs, MetricMultiPolygon } from '../../geo/metricPolygon.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { CadastralParcel } from '../parcelSource.js';

/** What a reader needs besides the answer: the registry's facts about the source. */
export interface ReadContext {
  /** The source's own metric system: the frame of coordinates without srsName, and the parcels' system. */
  nativeCrs: MetricCrs;
  datensatz: ParcelDataset;
}

/** One feature as its family publishes it; absent fields are derived from the Kennzeichen. */
export interface PublishedParcel {
  kennzeichen: string | undefined;
  amtlicheFlaeche: string | undefined;
  polygon: MetricMultiPolygon | undefined;
  gemarkungName?: string | undefined;
  flur?: string | undefined;
  zaehler?: string | undefined;
  nenner?: string | undefined;
  /** ALKIS tntxt: "Nutzung; m²" pairs. */
  tntxt?: string | undefined;
  lage?: string | undefined;
}

const unusable = (message: string) => new UpstreamOutage('malformed_body', message);

/** The first whole number in a text ("Flur 2" → 2, "0047" → 47); undefined when none. */
export function wholeNumber(text: string | undefined): number | undefined {
  const digits = text === undefined ? undefined : /\d+/.exec(text)?.[0];
  return digits === undefined ? undefined : Number(digits);
}

/** The use of the largest part of a tntxt ("Wohnbaufläche; 480; Straßenverkehr; 20"). */
export function largestUse(tntxt: string | undefined): string | undefined {
  const parts = (tntxt ?? '').split(';').map((part) => part.trim());
  let best: { use: string; area: number } | undefined;
  for (let i = 0; i < parts.length; i += 2) {
    const use = parts[i];
    const area = Number((parts[i + 1] ?? '').replace(',', '.'));
    if (!use || !Number.isFinite(area)) continue;
    if (!best || area > best.area) best = { use, area };
  }
  return best?.use;
}

const present = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

export function parcelOf(published: PublishedParcel, context: ReadContext): CadastralParcel {
  const parsed = parseKennzeichen(published.kennzeichen ?? '');
  if (!parsed.ok)
    throw unusable(`parcel without a readable Kennzeichen (${published.kennzeichen ?? 'none'})`);
  const kennzeichen = parsed.value;
  const area = Number((published.amtlicheFlaeche ?? '').trim());
  if (!Number.isFinite(area) || area <= 0) {
    throw unusable(`parcel ${kennzeichen} without a positive official area`);
  }
  if (!published.polygon) throw unusable(`parcel ${kennzeichen} without a readable polygon`);
  const parts = splitKennzeichen(kennzeichen);
  const flur = wholeNumber(published.flur) ?? parts.flur;
  const nenner = wholeNumber(published.nenner) ?? parts.nenner;
  const gemarkungName = present(published.gemarkungName);
  const nutzung = largestUse(published.tntxt);
  const lage = present(published.lage);
  return {
    kennzeichen,
    land: parts.land,
    gemarkung: { nummer: parts.gemarkung, ...(gemarkungName ? { name: gemarkungName } : {}) },
    ...(flur ? { flur } : {}),
    zaehler: wholeNumber(published.zaehler) ?? parts.zaehler,
    ...(nenner ? { nenner } : {}),
    amtliche_flaeche_m2: area,
    ...(nutzung ? { nutzung } : {}),
    ...(lage ? { lage } : {}),
    datensatz: context.datensatz,
    polygon: published.polygon,
  };
}
