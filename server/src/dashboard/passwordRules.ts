// Password rules of every form that sets a password (sign-up, reset, change):
// long enough to resist guessing, not one of the ~49,000 most common
// passwords (the list of @zxcvbn-ts/language-common, MIT), not the e-mail
// address, and typed the same twice. Returns a German message, or null.
import type { Request } from 'express';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;
/** Loaded with the first password a form sets: 2 MB of heap that most processes never need. */
const commonPasswordsOnce = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

/** A string field of a submitted form ('' when missing). */
export const field = (req: Request, name: string): string => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

export async function passwordProblem(password: string, email: string): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Das Passwort braucht mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Das Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen haben.`;
  }
  if (!/\p{L}/u.test(password) || !/[^\p{L}]/u.test(password)) {
    return 'Das Passwort braucht Buchstaben und mindestens eine Ziffer oder ein Sonderzeichen.';
  }
  if ((await commonPasswordsOnce()).has(password.toLowerCase())) {
    return 'Dieses Passwort gehört zu den häufigsten und wird zuerst erraten. Bitte wählen Sie ein anderes.';
  }
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return 'Das Passwort darf nicht die E-Mail-Adresse sein.';
  }
  return null;
}

/** The problem of the new password in fields `password` and `password_confirmation`. */
export async function newPasswordProblem(req: Request, email: string): Promise<string | null> {
  const password = field(req, 'password');
  return password !== field(req, 'password_confirmation')
    ? 'Die beiden Passwörter stimmen nicht überein.'
    : await passwordProblem(password, email);
}
