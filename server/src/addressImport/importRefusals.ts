// Why an import stops and replaces nothing, in the operator's words: Ctrl-C,
// rows of another state, an empty file, too many malformed rows, a file that
// is mostly repeats. Rows that repeat an earlier one are stored once and
// counted (PointBuilder.repeats): a file written twice or three times into
// one keeps its points. More copies than MAX_COPIES is no publisher's slip
// but a broken or hostile file (one row written five million times would
// replace a state's points with one), refused once repeats pass 1 %.
// A row counts as a repeat when its id is an earlier row's, and also when its
// address is (checkAddressRepeats, after the rows are stored): one address
// written fifty thousand times under new ids is the same flood. And however
// large the file, more than MAX_POINTS_IN_BUILDING points of one address
// within BUILDING_M of each other refuse it: a house coordinate is a point in
// the building (quality A) or on its parcel (B), one per address and
// building, so a dozen in one building's reach are no survey.
import { AddressImportError } from './addressImportError.js';
import type {
  ImportSummary,
  OfficialPointRepository,
} from '../geocoding/officialPoints/officialPointRepository.js';
import { leftOutName } from './leftOutReasons.js';
import type { PointBuilder } from './pointBuilder.js';

/** More malformed rows than this share refuse the file; so do more repeats, past MAX_COPIES. */
export const MAX_MALFORMED_SHARE = 0.01;
/** A file may hold its rows this many times over (chosen: a concatenation slip, not a flood). */
export const MAX_COPIES = 4;

/**
 * How many points of one address may lie within a building's reach: a
 * courtyard block (front house, two side wings, cross and rear building)
 * carries up to five buildings at one address; twice that is kept.
 */
export const MAX_POINTS_IN_BUILDING = 10;
/** A building's reach: the length of a large apartment block, in metres. */
export const BUILDING_M = 50;
/** BUILDING_M in degrees: of latitude, and of longitude at Germany's northern tip (55.1°). */
const BUILDING_DEG = {
  lat: BUILDING_M / 111_320,
  lon: BUILDING_M / (111_320 * Math.cos((55.1 * Math.PI) / 180)),
};

/** The repeats of addresses under other ids, counted after the rows are stored. */
export async function checkAddressRepeats(
  repository: Pick<OfficialPointRepository, 'addressRepeats'>,
  importId: number,
  builder: PointBuilder,
): Promise<void> {
  const { crowds } = builder;
  const named = { addresses: [...crowds.named.values()], complete: !crowds.overflow };
  const found = await repository.addressRepeats(
    importId,
    named,
    MAX_POINTS_IN_BUILDING,
    BUILDING_DEG,
  );
  builder.repeats.count += found.extraRows;
  const { crowded } = found;
  if (crowded === undefined) return;
  throw new AddressImportError(
    'too_many_repeats',
    `Die Adresse ${crowded.street} ${crowded.houseNumber}, ${crowded.municipality} hat ` +
      `${crowded.points} Punkte innerhalb von ${BUILDING_M} m; erlaubt sind höchstens ` +
      `${MAX_POINTS_IN_BUILDING}. Nichts wurde ersetzt.`,
  );
}

export function interrupted(): AddressImportError {
  return new AddressImportError(
    'interrupted',
    'Der Import wurde abgebrochen (Strg+C). Die schon geschriebenen Zeilen sind entfernt; ' +
      'die bisherigen Punkte gelten weiter.',
  );
}

export function refuseOtherState(builder: PointBuilder): void {
  const other = builder.dominantOtherState();
  if (other === undefined) return;
  const by = other.by === 'coordinates' ? ' (nach ihren Koordinaten)' : '';
  throw new AddressImportError(
    'other_state',
    `Die Zeilen liegen in ${other.name}${by}, nicht in ${builder.source.name}. ` +
      'Mit --state das Land der Datei angeben. Nichts wurde ersetzt.',
  );
}

export function refuseIfUnfit(builder: PointBuilder, summary: ImportSummary): void {
  if (summary.rowsRead === 0) {
    throw new AddressImportError('empty_file', 'Die Datei enthält keine Adresszeilen.');
  }
  const malformed = builder.malformedCount;
  if (malformed > summary.rowsRead * MAX_MALFORMED_SHARE) {
    const share = ((100 * malformed) / summary.rowsRead).toFixed(1).replace('.', ',');
    throw new AddressImportError(
      'too_many_malformed',
      `${malformed} von ${summary.rowsRead} Zeilen (${share} %) sind fehlerhaft; erlaubt ist höchstens 1 %. ` +
        'Nichts wurde ersetzt.' +
        builder.samples
          .map((s) => `\n  Zeile ${s.line}: ${leftOutName(s.reason)} (${s.detail})`)
          .join(''),
    );
  }
  const repeats = builder.repeats.count;
  const distinct = summary.rowsRead - malformed - repeats;
  if (repeats > summary.rowsRead * MAX_MALFORMED_SHARE && repeats > distinct * (MAX_COPIES - 1)) {
    throw new AddressImportError(
      'too_many_repeats',
      `${repeats} von ${summary.rowsRead} Zeilen wiederholen frühere Zeilen: die Datei enthält ` +
        `ihre ${distinct} verschiedenen Zeilen mehr als ${MAX_COPIES}-mal. Nichts wurde ersetzt.`,
    );
  }
  if (summary.rowsKept === 0) {
    throw new AddressImportError(
      'empty_file',
      'Die Datei enthält keine Adresse der Qualität A oder B. Nichts wurde ersetzt.',
    );
  }
}
