// Outgoing e-mail: delivered over SMTP with the configured sender; an
// unreachable server or a missing SMTP_URL is logged without the message,
// which holds a one-time link, and never throws into the page.
import { describe, expect, it } from 'vitest';
import { startSmtpFake } from '#dev/fakes/smtpFake.js';
import { createMailer } from '#server/mail/mailer.js';
import { captureLogs } from '#dev/service/logs.js';

const SECRET_LINK = 'http://127.0.0.1/signup/confirm?token=geheim-einmal-123';
const mail = (to: string) => ({ to, subject: 'Bestätigen', text: `Link: ${SECRET_LINK}` });

describe('mailer', () => {
  it('delivers the message over SMTP from MAIL_FROM', async () => {
    const smtp = await startSmtpFake();
    const logs = captureLogs();
    const mailer = createMailer(
      { mail: { smtpUrl: smtp.url, from: 'Bodenrichtwert <noreply@brw.example.de>' } },
      logs.logger,
    );
    try {
      mailer.send(mail('anna@example.de'));
      const received = await smtp.next('anna@example.de');
      expect(received).toMatchObject({ from: 'noreply@brw.example.de', subject: 'Bestätigen' });
      expect(received.text).toContain(SECRET_LINK);
    } finally {
      await mailer.close();
      await smtp.close();
    }
    expect(logs.text()).not.toContain('geheim');
  });

  it('is idle once every queued message has reached the SMTP server', async () => {
    const smtp = await startSmtpFake();
    const mailer = createMailer(
      { mail: { smtpUrl: smtp.url, from: 'x <x@example.de>' } },
      captureLogs().logger,
    );
    try {
      for (const name of ['dora', 'emil', 'frieda']) mailer.send(mail(`${name}@example.de`));
      await mailer.idle();
      expect(smtp.received.map((m) => m.to)).toEqual([
        'dora@example.de',
        'emil@example.de',
        'frieda@example.de',
      ]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('logs a failed delivery with its reason but not the message', async () => {
    const logs = captureLogs();
    const mailer = createMailer(
      { mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'x <x@example.de>' } },
      logs.logger,
    );
    mailer.send(mail('bert@example.de'));
    await mailer.close();
    expect(logs.text()).toContain('e-mail could not be sent');
    expect(logs.text()).toContain('ECONNREFUSED');
    expect(logs.text()).not.toContain('geheim');
  });

  it('warns at start and per message when SMTP_URL is not set', async () => {
    const logs = captureLogs();
    const mailer = createMailer(
      { mail: { smtpUrl: undefined, from: 'x <x@example.de>' } },
      logs.logger,
    );
    mailer.send(mail('carla@example.de'));
    await mailer.close();
    expect(logs.text()).toContain('SMTP_URL is not set');
    expect(logs.text()).toContain('e-mail not sent');
    expect(logs.text()).not.toContain('geheim');
  });
});
