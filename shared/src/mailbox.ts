// The mailbox an e-mail address delivers to, for the rules that count
// mailboxes rather than addresses (one trial per mailbox, the mail budget
// per recipient). An account keeps its address as typed; only these rules
// look at the mailbox. Pure, so the schema migration that marks the mailboxes
// of existing trials reads it like the server does.
//
// Only what providers document is applied:
// - "+tag" is cut at every domain: subaddressing (RFC 5233), documented by
//   Gmail, Outlook.com and Exchange Online (Microsoft Learn, "Plus addressing
//   in Exchange Online"), Fastmail and Proton Mail, delivers name+anything@domain
//   to name@domain, and no common provider gives "+" another meaning.
// - Gmail ignores dots in the name ("Dots don't matter in Gmail addresses",
//   Gmail Help, support.google.com/mail/answer/7436150), and googlemail.com,
//   the name Google Mail had in Germany and the UK, delivers to the same
//   mailbox as gmail.com (Gmail Help). Both hold for these two consumer
//   domains only: at Google Workspace domains a dot counts.
// Other providers' dots, hyphens and aliases are left alone: none documents
// them as insignificant.

/** The domains of Google's consumer mail, all delivering to one mailbox. */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/** name+tag@domain → name@domain; at Gmail also without dots and as gmail.com (input lower case). */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  const name = plus < 0 ? local : local.slice(0, plus);
  return GMAIL_DOMAINS.has(domain) ? `${name.replaceAll('.', '')}@gmail.com` : `${name}@${domain}`;
}
