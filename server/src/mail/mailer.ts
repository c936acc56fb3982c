// Outgoing e-mail over SMTP (nodemailer, SMTP_URL). Sending runs in the
// background: the page answers at once and the same for every address, and a
// failure is logged without the message, which holds a one-time link.
// nodemailer is loaded with the first message: most starts send none.
import type { Transporter } from 'nodemailer';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues the message; never throws. */
  send(mail: Mail): void;
  /** Resolves when every message queued so far is delivered or has failed (and been logged). */
  idle(): Promise<void>;
  /** Waits for messages on their way, then closes the connection. */
  close(): Promise<void>;
}

export function createMailer(config: Pick<Config, 'mail'>, logger: Logger): Mailer {
  const { smtpUrl, from } = config.mail;
  if (!smtpUrl) {
    logger.warn(
      'SMTP_URL is not set: sign-up confirmations and password resets cannot be sent by e-mail',
    );
    return {
      send: (mail) =>
        logger.warn({ subject: mail.subject }, 'e-mail not sent: SMTP_URL is not set'),
      idle: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
  }
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      // Bounded waits, so a hanging mail server cannot hold a shutdown for minutes.
      nodemailer.createTransport(
        {
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        },
        { from },
      ),
    ));
  const pending = new Set<Promise<void>>();
  const idle = async () => {
    await Promise.all(pending);
  };
  return {
    send(mail) {
      const sending = transportOnce()
        .then((opened) => opened.sendMail(mail))
        .then(
          () => logger.debug({ subject: mail.subject }, 'e-mail sent'),
          (err: unknown) =>
            logger.error(
              { subject: mail.subject, reason: err instanceof Error ? err.message : String(err) },
              'e-mail could not be sent',
            ),
        );
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    idle,
    async close() {
      await idle();
      (await transport)?.close();
    },
  };
}
