import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS, ErrorCode, isAppError } from '#shared/errors.js';

describe('AppError', () => {
  it('takes its HTTP status from its code', () => {
    const error = new AppError(ErrorCode.restrictedState, 'Bundesland ausgeschlossen');
    expect(error.status).toBe(451);
    expect(error.code).toBe('restricted_state');
    expect(isAppError(error)).toBe(true);
  });

  it('keeps the cause and the details', () => {
    const cause = new Error('socket hang up');
    const error = new AppError(ErrorCode.limitReached, 'Kontingent erschöpft', {
      cause,
      details: { reason: 'trial_exhausted' },
    });
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ reason: 'trial_exhausted' });
  });

  it('has a status for every code', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    }
  });
});
