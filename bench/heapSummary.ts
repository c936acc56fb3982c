// `npx tsx bench/heapSummary.ts <file.heapsnapshot> [n]`: what holds a V8
// heap snapshot (node --heapsnapshot-signal, v8.writeHeapSnapshot), as the
// self size summed per object kind and constructor name, largest first; for
// strings also the largest single ones, since a few big source texts or
// assets often make up most of them.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const [file, limit = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/heapSummary.ts <file.heapsnapshot> [n]');
  process.exit(2);
}
const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = snapshot.snapshot.meta.node_fields;
const types = snapshot.snapshot.meta.node_types[0];
const width = fields.length;
const typeAt = fields.indexOf('type');
const nameAt = fields.indexOf('name');
const sizeAt = fields.indexOf('self_size');

const groups = new Map<string, { bytes: number; count: number }>();
const strings: { bytes: number; text: string }[] = [];
let total = 0;
for (let i = 0; i < snapshot.nodes.length; i += width) {
  const type = types[snapshot.nodes[i + typeAt] ?? 0] ?? '?';
  const name = snapshot.strings[snapshot.nodes[i + nameAt] ?? 0] ?? '';
  const bytes = snapshot.nodes[i + sizeAt] ?? 0;
  total += bytes;
  const isText = type === 'string' || type === 'concatenated string' || type === 'sliced string';
  const key = isText
    ? '(strings)'
    : `${type}: ${type === 'object' || type === 'closure' ? name : ''}`;
  const group = groups.get(key) ?? { bytes: 0, count: 0 };
  group.bytes += bytes;
  group.count += 1;
  groups.set(key, group);
  if (isText && bytes > 100_000) strings.push({ bytes, text: name.slice(0, 60) });
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(2).padStart(7);
console.log(`${mb(total)} MB in ${snapshot.nodes.length / width} objects`);
for (const [key, { bytes, count }] of [...groups]
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, Number(limit))) {
  console.log(`${mb(bytes)} MB  ${String(count).padStart(8)}  ${key}`);
}
console.log('largest strings:');
for (const { bytes, text } of strings.sort((a, b) => b.bytes - a.bytes).slice(0, 10)) {
  console.log(`${mb(bytes)} MB  ${JSON.stringify(text)}`);
}
