import { describe, expect, it } from 'vitest';
import { isMeResponse, parseAnswerBody } from '#shared/client/responseShape.js';

describe('parseAnswerBody', () => {
  it('reads JSON and keeps any other body as its text, for the error mapping', () => {
    expect(parseAnswerBody('{"error":"not_found"}')).toEqual({ error: 'not_found' });
    expect(parseAnswerBody('<html>Bad Gateway</html>')).toBe('<html>Bad Gateway</html>');
    expect(parseAnswerBody('')).toBe('');
  });
});

describe('isMeResponse', () => {
  const me = { plan: 'free', effective_plan: 'pro', usage_this_month: 3, trial_active: true };

  it('accepts the account answer both panes show', () => {
    expect(isMeResponse(me)).toBe(true);
  });

  it.each([
    ['no effective plan', { ...me, effective_plan: undefined }],
    ['usage as text', { ...me, usage_this_month: '3' }],
    ['no trial flag', { ...me, trial_active: undefined }],
    ['a list', [me]],
  ])('rejects %s', (_, body) => {
    expect(isMeResponse(body)).toBe(false);
  });
});
