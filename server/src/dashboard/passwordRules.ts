// Password rules of the sign-up form: long enough to resist guessing, not
// the email address. Returns a German message, or null when acceptable.
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Das Passwort braucht mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Das Passwort darf höchstens ${MAX_PASSWORD_LENGTH} Zeichen haben.`;
  }
  if (!/\p{L}/u.test(password) || !/[^\p{L}]/u.test(password)) {
    return 'Das Passwort braucht Buchstaben und mindestens eine Ziffer oder ein Sonderzeichen.';
  }
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return 'Das Passwort darf nicht die E-Mail-Adresse sein.';
  }
  return null;
}
