// Trigram similarity as PostgreSQL's pg_trgm computes it (shared trigrams of
// the two padded words over all their distinct trigrams), the measure public
// importers of house coordinates use for a street typed a little differently
// ("Goethestr" / "Göthestraße"). Inputs are street keys (no spaces).

function trigrams(key: string): Set<string> {
  const padded = `  ${key} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  const all = left.size + right.size - shared;
  return all === 0 ? 0 : shared / all;
}
