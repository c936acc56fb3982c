// The German texts of the account e-mails. Links carry a one-time token and
// point at BASE_URL; the pages they open ask for a button press, so a mail
// scanner that follows links uses nothing up.
import type { Mail } from './mailer.js';

const SIGNATURE = '\n\n-- \nBodenrichtwert-Service\n';

export function confirmAddressMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    text:
      'Sie haben beim Bodenrichtwert-Service ein Konto angelegt. Bitte bestätigen Sie Ihre ' +
      `E-Mail-Adresse; danach beginnt Ihr 14-tägiger Test des Pro-Tarifs:\n\n${link}\n\n` +
      'Der Link gilt 48 Stunden. Wenn Sie sich nicht registriert haben, ignorieren Sie diese ' +
      `E-Mail einfach.${SIGNATURE}`,
  };
}

export function alreadyRegisteredMail(to: string, loginUrl: string, forgotUrl: string): Mail {
  return {
    to,
    subject: 'Sie haben bereits ein Konto',
    text:
      'Jemand wollte mit dieser E-Mail-Adresse ein Konto beim Bodenrichtwert-Service anlegen. ' +
      `Es gibt bereits eines. Anmelden:\n\n${loginUrl}\n\nPasswort vergessen?\n\n${forgotUrl}\n\n` +
      `Wenn Sie das nicht waren, ignorieren Sie diese E-Mail einfach.${SIGNATURE}`,
  };
}

/**
 * A second sign-up for an address whose account is not confirmed yet. The
 * first link stays valid for whoever knows the first sign-up's password; an
 * owner who did not sign up first sets a password of their own.
 */
export function signupAgainMail(to: string, loginUrl: string, forgotUrl: string): Mail {
  return {
    to,
    subject: 'Jemand wollte sich mit Ihrer Adresse registrieren',
    text:
      'Jemand wollte mit dieser E-Mail-Adresse ein Konto beim Bodenrichtwert-Service anlegen. ' +
      'Für die Adresse gibt es schon ein Konto, das noch nicht bestätigt ist; es bleibt ' +
      'unverändert, mit dem Passwort der ersten Registrierung. Haben Sie sich zuerst ' +
      'registriert, bestätigen Sie mit dem Link der ersten E-Mail und diesem Passwort, oder ' +
      `melden Sie sich damit an, dann schicken wir Ihnen einen neuen Link:\n\n${loginUrl}\n\n` +
      'Haben Sie sich nicht zuerst registriert oder kennen Sie das Passwort nicht, legen Sie ' +
      'hier ein eigenes fest; das bestätigt die Adresse, und das Passwort der ersten ' +
      `Registrierung gilt dann nicht mehr:\n\n${forgotUrl}\n\n` +
      `Wenn Sie sich gar nicht registrieren wollten, ignorieren Sie diese E-Mail einfach.${SIGNATURE}`,
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Passwort zurücksetzen',
    text:
      'Für Ihr Konto beim Bodenrichtwert-Service wurde ein neues Passwort angefordert. ' +
      `Hier können Sie es festlegen:\n\n${link}\n\nDer Link gilt eine Stunde und nur einmal. ` +
      `Wenn Sie nichts angefordert haben, ignorieren Sie diese E-Mail einfach.${SIGNATURE}`,
  };
}
