// Wire types of the REST API (§2). Optional fields are absent when not
// applicable, never null, except where the contract says null (§2.5).
import type { Entry } from './entryFields.js';
import type { ErrorCode } from './errors.js';

/** One zone at the looked-up point (§2.1): its fields are the table of entryFields.ts. */
export type BodenrichtwertEntry = Entry;

/** §2.3 */
export interface Attribution {
  text: string;
  license_url: string;
  source_url: string;
  year: number;
  /** The address data's credit, where the address was located by a state's house coordinates under dl-de/by-2.0 or CC BY 4.0. */
  hauskoordinaten?: AddressCredit;
}

/** The credit of a state's house coordinates (its text is also part of `Attribution.text`). */
export interface AddressCredit {
  text: string;
  license_url: string;
  source_url?: string | undefined;
}

export const GEOCODING_SOURCES = ['hauskoordinaten', 'geocoder'] as const;
export const GEOCODING_MATCHES = [
  'exact',
  'postcode_area',
  'without_suffix',
  'similar_street',
  'geocoder',
] as const;
export type GeocodingMatch = (typeof GEOCODING_MATCHES)[number];

/**
 * On an official point: parts of the typed address the point does not
 * confirm, or read a documented way (`postcode_restored`, `place_spelling`).
 * On a geocoder's answer: why no official point was used (`number_unexplained`,
 * `part_unexplained`, `locality_unconfirmed`, `postcode_unconfirmed`, `number_range`,
 * `place_ambiguous`, `suffix_unexplained`), besides a
 * postcode far off. `without_suffix` stays a known match for clients written
 * against it; the service no longer answers it (the number without the typed
 * suffix is not the typed house).
 */
export const GEOCODING_WARNINGS = [
  'postcode',
  'locality',
  'suffix',
  'street',
  'postcode_restored',
  'place_spelling',
  'number_unexplained',
  'part_unexplained',
  'locality_unconfirmed',
  'postcode_unconfirmed',
  'number_range',
  'place_ambiguous',
  'suffix_unexplained',
  'number_missing',
  'state_unexplained',
  'not_in_official_data',
] as const;
export type GeocodingWarning = (typeof GEOCODING_WARNINGS)[number];

/** How the address was located: a state's official house coordinate, or the geocoder. */
export interface Geocoding {
  source: (typeof GEOCODING_SOURCES)[number];
  match: GeocodingMatch;
  /** Typed parts the point does not confirm; absent when it confirms all. */
  warnings?: GeocodingWarning[];
  /** Official points only: A in the building, B on the parcel. */
  quality?: 'A' | 'B';
  /** Official points only: the state's dataset and the date of its data. */
  dataset?: string;
}

/** How often a state sets its land values (BauGB section 196(1): at least every second year). */
export const TURNUS = ['jaehrlich', 'zweijaehrlich'] as const;

/** How current an answer is: what it holds against what the source offers and the cycle expects. */
export interface Aktualitaet {
  /** YYYY-MM-DD: the newest stichtag of the answer (at the point, whatever the filter). */
  stichtag: string;
  /** YYYY-MM-DD: the newest stichtag the state's service offers, as last read; absent when unknown. */
  stichtag_angeboten?: string;
  /** ISO 8601 date-time the service's offer was read. */
  angebot_gelesen_am?: string;
  /** YYYY-MM-DD: the newest stichtag due by the state's cycle and usual publication day. */
  stichtag_erwartet?: string;
  turnus?: (typeof TURNUS)[number];
  /** German: present when the answer, the service and the cycle differ. */
  hinweis?: string;
}

/** §2.2 */
export interface BodenrichtwertResponse {
  address_input: string;
  address_resolved: string;
  coordinates: { lat: number; lon: number };
  geocoding: Geocoding;
  bodenrichtwerte: BodenrichtwertEntry[];
  cache_hit: boolean;
  /** Present (true) only for a cached entry between 24 hours and 30 days old. */
  cache_stale?: true;
  /** ISO 8601 date-time the values were fetched from the official source; the same when cached. */
  abgerufen_am: string;
  attribution: Attribution;
  aktualitaet: Aktualitaet;
  /** The same text as aktualitaet.hinweis, where there is one (kept for existing clients). */
  hinweis?: string;
  /** German: what the official source could not be asked for this time (an optional fact); absent when nothing. */
  hinweise?: string[];
  disclaimer: string;
}

/** Most addresses one POST /api/bodenrichtwert/batch may carry. */
export const MAX_BATCH_ADDRESSES = 100;

/** Most characters (code points, after trimming) of one address. */
export const MAX_ADDRESS_LENGTH = 300;

/** Room for the longest allowed addresses of a batch even when every character is JSON-escaped. */
export const BATCH_BODY_LIMIT_BYTES = MAX_BATCH_ADDRESSES * (MAX_ADDRESS_LENGTH * 12 + 8) + 4096;

/**
 * An address of a batch whose answer was not ready when the request's wait
 * (Prefer: wait) ended; the service finishes it in the background, so asking
 * again after `retry_after` seconds gets it, without counting it again.
 */
export interface PendingItem {
  status: 202;
  error: 'pending';
  message: string;
  /** Seconds to wait before asking again. */
  retry_after: number;
  address_input: string;
}

/** One answered address of a batch: the single lookup's answer and its status. */
export type BatchLookupItem =
  | (BodenrichtwertResponse & { status: 200 })
  | (ErrorBody & { address_input: string })
  | PendingItem;

/** Answer of POST /api/bodenrichtwert/batch: one item per address, in input order. */
export interface BatchLookupResponse {
  results: BatchLookupItem[];
}

export const CALCULATION_MODEL = 'amtliche-standardformel';

/** §2.4 */
export interface BodenwertResponse {
  brw_input_euro_pro_m2: number;
  gfz_referenz: number;
  gfz_tatsaechlich: number;
  koeffizient_referenz: number;
  koeffizient_tatsaechlich: number;
  faktor: number;
  bodenrichtwert_tatsaechlich_euro_pro_m2: number;
  grundstuecksflaeche_m2?: number;
  bodenwert_euro?: number;
  hinterland_flaeche_m2?: number;
  hinterland_faktor?: number;
  vorderland_flaeche_m2?: number;
  vorderland_wert_euro?: number;
  hinterland_wert_euro?: number;
  modell: typeof CALCULATION_MODEL;
  formel: string;
  hinweis?: string;
  disclaimer: string;
}

export const PLANS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** §2.5 */
export interface MeResponse {
  id: string;
  plan: Plan;
  effective_plan: Plan;
  usage_this_month: number;
  /**
   * Distinct lookups (address and filter) answered with 200 this billing
   * month; repeating one of them is free (docs/api.md, Quota).
   */
  distinct_lookups_this_month: number;
  /**
   * New lookups this billing month that failed (404 no_data or
   * address_not_found) and were not counted; at most free_failed_lookups.
   */
  failed_lookups_this_month: number;
  /** How many failing lookups stay free this month (max(100, limit)); null: all. */
  free_failed_lookups: number | null;
  limit: number | null;
  quota_exhausted: boolean;
  upgrade_url: string | null;
  /** ISO 8601 date-time */
  trial_expires_at: string | null;
  trial_usage: number;
  trial_limit: number;
  trial_active: boolean;
}

/**
 * Why a lookup got 402 limit_reached. §2.6 names the first two; a booked
 * plan that used up its monthly cap answers `monthly_limit_reached` (our
 * additive extension, documented in docs/api.md).
 */
export const LIMIT_REASONS = [
  'trial_exhausted',
  'no_active_plan',
  'monthly_limit_reached',
] as const;

export type LimitReason = (typeof LIMIT_REASONS)[number];

/** §2.6 */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  status: number;
  reason?: LimitReason;
  upgrade_url?: string;
}
