// A session is valid only while the password it was opened with is: the
// session keeps a short digest of the password hash (never the hash), and a
// reset or change, which stores a new salted hash, ends every session that
// still holds the old digest, on every instance, without finding the rows.
import { createHash } from 'node:crypto';
import type { Account } from '../../accounts/accountRepository.js';

export function credentialStamp(account: Pick<Account, 'passwordHash'>): string {
  return createHash('sha256')
    .update(account.passwordHash ?? '')
    .digest('base64url')
    .slice(0, 22);
}
