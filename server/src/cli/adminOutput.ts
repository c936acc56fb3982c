// Prints command results: JSON with --json, else one "key: value" line per
// field (objects) or a block per entry (lists).
export type Printable = Record<string, unknown> | Record<string, unknown>[];

export function formatResult(result: Printable, json: boolean): string {
  if (json) return JSON.stringify(result, null, 2);
  const entries = Array.isArray(result) ? result : [result];
  if (entries.length === 0) return '(none)';
  return entries
    .map((entry) =>
      Object.entries(entry)
        .map(([key, value]) => `${key}: ${value === null ? '-' : String(value)}`)
        .join('\n'),
    )
    .join('\n\n');
}
