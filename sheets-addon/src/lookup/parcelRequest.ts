// What a cell of BODENRICHTWERT_FLURSTUECK or BODENWERT_FLURSTUECK asks for,
// and the key its answer has in the record. The custom functions
// (parcelFormulas.ts) and the sidebar (workbook/addonFormulas.ts, which reads
// the formulas' arguments from the sheet) both derive it here, so the sidebar
// knows which parcel cells have a kept answer without running them. The key
// names the function with the use as the cell filters by (the table: as
// typed; the value: upper-cased) and the parcel request (parcelAnswerKey);
// answers already kept in spreadsheets are found under it.
import {
  AppError,
  ErrorCode,
  parcelAnswerKey,
  parseDecimalInput,
  readStichtagArgument,
  selectionError,
  type ParcelRequest,
} from '#shared/index.js';
import { isBlank, textOrUndefined, type CellArgument } from '../cells.js';
import type { AddonServices } from '../ports.js';
import { recordKey } from '../record/cellRecord.js';
import { singleValue } from './formulaRows.js';

export const PARCEL_FUNCTIONS = {
  table: 'BODENRICHTWERT_FLURSTUECK',
  value: 'BODENWERT_FLURSTUECK',
} as const;

export type ParcelFunction = (typeof PARCEL_FUNCTIONS)[keyof typeof PARCEL_FUNCTIONS];

/** A parcel cell's question to the service. */
export interface ParcelAsk {
  request: ParcelRequest;
  /** The use the cell filters by, as typed. */
  nutzungsart: string | undefined;
  /** Where the record keeps the cell's answer. */
  recordKey: string;
  inputError?: undefined;
}

/** A bad nutzungsart, stichtag or GFZ is shown without asking the service. */
export type ParcelCellRequest = ParcelAsk | { inputError: AppError };

/**
 * The request of one parcel cell; null for a blank target. `args` as the
 * function receives them: adresse_oder_kennzeichen, nutzungsart, stichtag,
 * and for BODENWERT_FLURSTUECK the gfz.
 */
export function parcelCellRequest(
  name: ParcelFunction,
  args: readonly CellArgument[],
  services: Pick<AddonServices, 'calendarDay' | 'digest'>,
): ParcelCellRequest | null {
  const target = singleValue(args[0]);
  if (isBlank(target)) return null;
  const nutzungsart = textOrUndefined(singleValue(args[1]));
  const inputError = selectionError(nutzungsart);
  if (inputError) return { inputError };
  const stichtag = readStichtagArgument(singleValue(args[2]), {
    calendarDay: (date) => services.calendarDay(date),
  });
  if (!stichtag.ok) return { inputError: stichtag.error };
  const gfzArgument = name === PARCEL_FUNCTIONS.value ? args[3] : undefined;
  const gfz = parseDecimalInput(textOrUndefined(singleValue(gfzArgument)));
  if (gfz.kind === 'invalid' || (gfz.kind === 'number' && gfz.value <= 0)) {
    const message = 'Die GFZ muss eine Zahl größer als 0 sein.';
    return { inputError: new AppError(ErrorCode.invalidGfzTatsaechlich, message) };
  }
  const request = {
    target: String(target),
    stichtag: stichtag.value,
    gfz: gfz.kind === 'number' ? gfz.value : undefined,
  };
  const use = name === PARCEL_FUNCTIONS.value ? (nutzungsart ?? '').toUpperCase() : nutzungsart;
  return {
    request,
    nutzungsart,
    recordKey: recordKey(services, [`${name}|${use ?? ''}`, parcelAnswerKey(request)]),
  };
}
