import { describe, expect, it } from 'vitest';
import {
  parseFlurstueckRequest,
  flurstueckRequestSchema,
} from '#shared/schemas/flurstueckRequest.js';
import { requestErrorCodes } from '#shared/schemas/requestIssues.js';

const TODAY = '2026-11-02';

describe('the parcel request', () => {
  it('documents its codes in the order it checks them', () => {
    expect(requestErrorCodes(flurstueckRequestSchema)).toEqual([
      'missing_parameter',
      'conflicting_parameters',
      'missing_address',
      'address_too_long',
      'invalid_kennzeichen',
      'invalid_nutzungsart',
      'invalid_gfz_tatsaechlich',
      'invalid_format',
      'invalid_stichtag',
    ]);
  });

  it('checks the fields in that order: a bad Kennzeichen wins over a bad use and a bad date', () => {
    const parsed = parseFlurstueckRequest(
      { kennzeichen: 'x', nutzungsart: 'X', stichtag: 'gestern' },
      TODAY,
    );
    expect(parsed.ok ? undefined : parsed.error.code).toBe('invalid_kennzeichen');
  });

  it('reads the first of repeated single parameters, the GFZ with a comma, and drops an empty date', () => {
    const parsed = parseFlurstueckRequest(
      { kennzeichen: ['05329001100085______', 'x'], gfz: '0,75', stichtag: '', nutzungsart: 'L' },
      TODAY,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        target: {
          kind: 'kennzeichen',
          kennzeichenInput: '05329001100085______',
          kennzeichen: '05329001100085______',
        },
        nutzungsarten: ['L'],
        gfz: 0.75,
        format: 'json',
      },
    });
  });
});
