import { describe, expect, it } from 'vitest';
import { isEmailAddress, normaliseEmail } from '#server/accounts/accountService.js';

describe('isEmailAddress', () => {
  it.each(['anna@example.de', 'a.b-c+tag@sub.example.co.uk', normaliseEmail('  Anna@Example.DE ')])(
    'accepts %s',
    (address) => {
      expect(isEmailAddress(address)).toBe(true);
    },
  );

  it.each([
    ['a NUL character', 'an\u0000na@example.de'],
    ['a control character', 'anna\u0007@example.de'],
    ['a line break', 'anna@exa\nmple.de'],
    ['a space', 'an na@example.de'],
    ['no domain dot', 'anna@localhost'],
    ['no local part', '@example.de'],
    ['two at signs', 'anna@@example.de'],
    ['more than 191 characters', `${'a'.repeat(185)}@example.de`],
  ])('refuses an address with %s', (_why, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});
