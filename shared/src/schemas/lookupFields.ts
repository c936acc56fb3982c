// The fields a lookup request is made of, shared by the single lookup and the
// batch: the rules (types, limits, codes, German messages) are defined here
// once; each request gives them its own description.
import { z } from 'zod';
import { MAX_ADDRESS_LENGTH } from '../apiTypes.js';
import { ErrorCode } from '../errors.js';
import { compareLandUse, invalidLandUseMessage, LAND_USE_CODES } from '../landUse.js';
import { isCalendarDay, STICHTAG_FORMAT_MESSAGE } from '../stichtag.js';
import { coded, withCode } from './requestIssues.js';

export const MISSING_ADDRESS_MESSAGE = 'Der Parameter „address“ fehlt oder ist leer.';
const ADDRESS_NOT_TEXT_MESSAGE = 'Der Parameter „address“ muss eine Adresse als Text sein.';

/**
 * One address as sent: missing_address when blank, address_too_long when
 * longer than MAX_ADDRESS_LENGTH characters after trimming (counted in code
 * points, so the documented maxLength is checked here, not by zod).
 */
export const addressField = (description: string) =>
  coded(
    z
      .string({ error: ADDRESS_NOT_TEXT_MESSAGE })
      .refine(
        (text) => text.trim() !== '',
        withCode(ErrorCode.missingAddress, MISSING_ADDRESS_MESSAGE),
      )
      .refine(
        (text) => [...text.trim()].length <= MAX_ADDRESS_LENGTH,
        withCode(
          ErrorCode.addressTooLong,
          `Die Adresse ist länger als ${MAX_ADDRESS_LENGTH} Zeichen.`,
        ),
      )
      .meta({ maxLength: MAX_ADDRESS_LENGTH, description }),
    ErrorCode.missingAddress,
    [ErrorCode.addressTooLong],
  );

/** The land-use filter: deduplicated, in canonical order; absent means all uses. */
export const nutzungsartField = (description: string) =>
  coded(
    z
      .array(z.enum(LAND_USE_CODES, { error: (issue) => invalidLandUseMessage(issue.input) }))
      .meta({ description })
      .optional()
      .transform((codes = []) => [...new Set(codes)].sort(compareLandUse)),
    ErrorCode.invalidNutzungsart,
  );

export const RESPONSE_FORMATS = ['json', 'xml'] as const;

export const formatField = (description?: string) =>
  coded(
    z
      .enum(RESPONSE_FORMATS, { error: 'Der Parameter „format“ muss „json“ oder „xml“ sein.' })
      .default('json')
      .meta(description === undefined ? {} : { description }),
    ErrorCode.invalidFormat,
  );

/**
 * A reference date written YYYY-MM-DD; '' is no date. Whether it lies in the
 * future depends on the day of the request: parseStichtag checks that after.
 */
export const stichtagField = (description: string) =>
  coded(
    z
      .string({ error: STICHTAG_FORMAT_MESSAGE })
      .refine((text) => text === '' || isCalendarDay(text), { error: STICHTAG_FORMAT_MESSAGE })
      .meta({ format: 'date', description, example: '2022-01-01' })
      .optional(),
    ErrorCode.invalidStichtag,
  );

/**
 * The first of a repeated value, as sent. For the address: a query string or
 * a form sends text anyway, and a tool argument that is a number (12345) is
 * no address, so it is refused as one rather than geocoded and counted.
 */
export function firstAsSent(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/**
 * A value or a repeated value (query string, form, tool argument, JSON body)
 * as a list: numbers and booleans as text, anything else as it is, so the
 * field's check refuses an object by what it is, not as "[object Object]".
 */
export function asList(value: unknown): unknown[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item: unknown) =>
    typeof item === 'number' || typeof item === 'boolean' ? String(item) : item,
  );
}
