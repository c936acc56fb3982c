// Why an import stops and replaces nothing, in the operator's words: Ctrl-C,
// rows of another state, an empty file, too many malformed rows. Rows that
// repeat an earlier one are no refusal: two copies of a file in one are
// stored once and counted (PointBuilder.repeats); a limit on their share
// would be one more check here.
import { AddressImportError } from './addressImportError.js';
import type { ImportSummary } from './housePointRepository.js';
import { leftOutName } from './leftOutReasons.js';
import type { PointBuilder } from './pointBuilder.js';

/** More malformed rows than this share refuse the file. */
export const MAX_MALFORMED_SHARE = 0.01;

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
  if (summary.rowsKept === 0) {
    throw new AddressImportError(
      'empty_file',
      'Die Datei enthält keine Adresse der Qualität A oder B. Nichts wurde ersetzt.',
    );
  }
}
