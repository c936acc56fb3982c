// The mailbox an address delivers to, for the one-trial-per-mailbox rule:
// providers deliver name+anything@domain to name@domain, so a farmer with one
// mailbox could confirm any number of addresses. The account keeps the
// address as typed; only the trial looks at the mailbox.

/** name+tag@domain → name@domain (both already lower case). */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${email.slice(at)}`;
}

/** The part every address of the mailbox starts with (name), for a prefix search. */
export function mailboxPrefix(email: string): string {
  const mailbox = mailboxOf(email);
  return mailbox.slice(0, mailbox.lastIndexOf('@'));
}
