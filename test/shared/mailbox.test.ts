import { describe, expect, it } from 'vitest';
import { mailboxOf } from '#shared/mailbox.js';

describe('mailboxOf', () => {
  it.each([
    ['john.doe@gmail.com', 'johndoe@gmail.com'],
    ['j.o.h.n.doe@gmail.com', 'johndoe@gmail.com'],
    ['johndoe@gmail.com', 'johndoe@gmail.com'],
    ['x@googlemail.com', 'x@gmail.com'],
    ['j.o.hn+abo@googlemail.com', 'john@gmail.com'],
    ['farmer+1@example.de', 'farmer@example.de'],
    ['farmer+1+2@example.de', 'farmer@example.de'],
  ])('reads %s as the mailbox %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it.each([
    ['dots outside Gmail', 'john.doe@example.de'],
    ['dots at a Google Workspace domain', 'john.doe@firma.de'],
    ['dots at Outlook.com', 'john.doe@outlook.com'],
    ['a hyphen at Gmail', 'john-doe@gmail.com'],
    ['a Gmail look-alike domain', 'john.doe@gmail.de'],
  ])('keeps %s', (_why, address) => {
    expect(mailboxOf(address)).toBe(address);
  });
});
