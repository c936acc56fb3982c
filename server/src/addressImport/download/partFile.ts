// The `.part` file of an unfinished download and, beside it (`.part.json`),
// what the response it came from promised: the address and the validators a
// Range request to continue it must match (RFC 9110 §13.1.5). A part of
// another address counts as none.
import { readFile, rm, stat, writeFile } from 'node:fs/promises';

export interface PartFacts {
  url: string;
  etag?: string;
  lastModified?: string;
}

/** Bytes of an earlier attempt at this address (0 when none, or when it was of another address). */
export async function partSize(part: string, url: string): Promise<number> {
  const facts = await readPartFacts(part);
  if (facts?.url !== url) return 0;
  return stat(part).then(
    (s) => s.size,
    () => 0,
  );
}

export async function readPartFacts(part: string): Promise<PartFacts | undefined> {
  try {
    return JSON.parse(await readFile(`${part}.json`, 'utf8')) as PartFacts;
  } catch {
    return undefined;
  }
}

export async function writePartFacts(part: string, facts: PartFacts): Promise<void> {
  await writeFile(`${part}.json`, JSON.stringify(facts));
}

export async function removePart(part: string): Promise<void> {
  await rm(part, { force: true });
  await rm(`${part}.json`, { force: true });
}

/** If-Range takes a strong entity tag or a date, never a weak tag (RFC 9110 §13.1.5). */
export function strongValidator(facts: PartFacts): string | undefined {
  if (facts.etag !== undefined && !facts.etag.startsWith('W/')) return facts.etag;
  return facts.lastModified;
}
