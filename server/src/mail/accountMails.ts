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
