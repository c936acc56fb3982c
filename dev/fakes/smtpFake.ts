// A loopback SMTP server (smtp-server) that keeps what it receives: the mail
// the service sends in tests and in `npm run demo`. Plain SMTP on 127.0.0.1,
// no STARTTLS, any or no login.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

export interface SmtpFake {
  /** For SMTP_URL, e.g. smtp://127.0.0.1:2525 */
  url: string;
  received: ReceivedMail[];
  /** The next message to `to` not yet taken by an earlier call (waits for it). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpFake(
  onMail: (mail: ReceivedMail) => void = () => undefined,
): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];

  const take = (to: string): ReceivedMail | undefined => {
    const mail = received.find((m) => m.to === to && !taken.has(m));
    if (mail) taken.add(mail);
    return mail;
  };

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'any' }),
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          const mail: ReceivedMail = {
            to: to?.value[0]?.address ?? '',
            from: parsed.from?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          received.push(mail);
          onMail(mail);
          for (const waiter of [...waiters]) {
            if (waiter.to !== mail.to) continue;
            const next = take(waiter.to);
            if (!next) break;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(next);
          }
          callback();
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next(to) {
      const mail = take(to);
      if (mail) return Promise.resolve(mail);
      return new Promise((resolve) => waiters.push({ to, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S+`).exec(mail.text);
  if (!match) throw new Error(`no link ${prefix} in mail "${mail.subject}"`);
  return match[0];
}
