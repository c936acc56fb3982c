import { describe, expect, it } from 'vitest';
import { cellMessage, isInputError } from '#shared/client/cellMessages.js';
import { healsWith } from '#shared/client/lookupOutcome.js';
import { AppError, ErrorCode } from '#shared/errors.js';

describe('cellMessage', () => {
  it('asks for an upgrade when the quota is used up, with the billing link when known', () => {
    const plain = new AppError(ErrorCode.limitReached, 'Kontingent erschöpft');
    expect(cellMessage(plain, 'excel')).toBe('Kontingent aufgebraucht – bitte Tarif upgraden.');
    const withLink = new AppError(ErrorCode.limitReached, 'x', {
      details: { reason: 'no_active_plan', upgrade_url: 'https://example.test/billing' },
    });
    expect(cellMessage(withLink, 'excel')).toBe(
      'Kontingent aufgebraucht – bitte Tarif upgraden. https://example.test/billing',
    );
  });

  it('tells where to set the API key when it is missing, naming only the add-in in use', () => {
    const error = new AppError(ErrorCode.missingToken, 'Bearer-Token fehlt');
    const excel = cellMessage(error, 'excel');
    expect(excel).toContain('API-Schlüssel');
    expect(excel).toContain('Aufgabenbereich');
    expect(excel).not.toMatch(/Sheets|Seitenleiste/);
    const sheets = cellMessage(error, 'sheets');
    expect(sheets).toContain('Seitenleiste');
    expect(sheets).not.toMatch(/Excel|Aufgabenbereich/);
    const rejected = new AppError(ErrorCode.invalidToken, 'x');
    expect(cellMessage(rejected, 'excel')).not.toContain('Sheets');
    expect(cellMessage(rejected, 'sheets')).not.toContain('Excel');
  });

  it('shows the message of input errors and no_data, which name the field or the zone', () => {
    const input = new AppError(ErrorCode.invalidBrw, '„brw“ muss größer oder gleich 0 sein.');
    expect(cellMessage(input, 'excel')).toBe('„brw“ muss größer oder gleich 0 sein.');
    const noData = new AppError(ErrorCode.noData, 'Kein Bodenrichtwert an dieser Adresse.');
    expect(cellMessage(noData, 'excel')).toBe('Kein Bodenrichtwert an dieser Adresse.');
  });

  it('hides internal messages of server errors', () => {
    const error = new AppError(ErrorCode.internalServerError, 'TypeError: x is undefined');
    expect(cellMessage(error, 'excel')).not.toContain('TypeError');
  });
});

describe('isInputError', () => {
  it.each([
    [ErrorCode.invalidBrw, true],
    [ErrorCode.missingParameter, true],
    [ErrorCode.invalidNutzungsart, true],
    [ErrorCode.invalidField, true],
    [ErrorCode.missingAddress, true],
    [ErrorCode.noData, false],
    [ErrorCode.addressNotFound, false],
    [ErrorCode.limitReached, false],
    [ErrorCode.missingToken, false],
    [ErrorCode.serviceError, false],
  ])('%s → %s', (code, expected) => {
    expect(isInputError(new AppError(code, 'x'))).toBe(expected);
  });
});

describe('healsWith', () => {
  it('lets key errors heal with a key, rate limits and service failures with time, nothing else', () => {
    const heal = (code: ErrorCode) => healsWith(new AppError(code, 'x'));
    expect(
      [ErrorCode.missingToken, ErrorCode.invalidToken, ErrorCode.limitReached].map(heal),
    ).toEqual(['key', 'key', 'key']);
    expect(
      [ErrorCode.rateLimitExceeded, ErrorCode.serviceError, ErrorCode.processingError].map(heal),
    ).toEqual(['time', 'time', 'time']);
    expect([ErrorCode.addressNotFound, ErrorCode.noData, ErrorCode.invalidField].map(heal)).toEqual(
      [undefined, undefined, undefined],
    );
  });
});
