// `npx tsx bench/profileSummary.ts <file.cpuprofile> [n] [--inclusive]`: the
// functions with the most self time (or, with --inclusive, the most time
// including their callees) in a V8 CPU profile (node --cpu-prof), grouped by
// function and file, to find the hot path without a GUI.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

const args = process.argv.slice(2);
const inclusive = args.includes('--inclusive');
const [file, limit = '30'] = args.filter((arg) => arg !== '--inclusive');
if (!file) {
  console.error('usage: tsx bench/profileSummary.ts <file.cpuprofile> [n] [--inclusive]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) {
  for (const child of node.children ?? []) parentOf.set(child, node.id);
}

function keyOf(node: ProfileNode): string {
  const frame = node.callFrame;
  const where = frame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/main\//, '');
  return `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`;
}

/** The sampled node alone, or the node and its callers (each function once). */
function keysOfSample(id: number): Set<string> {
  const keys = new Set<string>();
  for (
    let at: number | undefined = id;
    at !== undefined;
    at = inclusive ? parentOf.get(at) : undefined
  ) {
    const node = byId.get(at);
    if (node) keys.add(keyOf(node));
  }
  return keys;
}

const samples = new Map<string, number>();
for (const id of profile.samples) {
  for (const key of keysOfSample(id)) samples.set(key, (samples.get(key) ?? 0) + 1);
}
const total = profile.samples.length;
const top = [...samples.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(limit));
for (const [key, count] of top) {
  console.log(`${((count / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
