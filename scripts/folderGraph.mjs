// dependency-cruiser reporter for `npm run deps`: folds the module graph into
// the folder graph, prints it row by row of the layering (scripts/layers.mjs)
// and fails on a folder cycle or on more than one import against the
// layering. Cycles between files are listed for the reader.
import { folderOf, layerOf, PARTS, SERVER_LAYERS } from './layers.mjs';

const MAX_UPWARD_IMPORTS = 1;

/** Whether an import from folder `from` into folder `to` follows the layering. */
function allowed(from, to) {
  if (from in PARTS) return PARTS[from].includes(to in PARTS ? to : 'server/src');
  if (to === 'shared/src') return true;
  const fromRow = layerOf(from);
  const toRow = layerOf(to);
  return fromRow !== undefined && toRow !== undefined && toRow < fromRow;
}

function folderEdges(modules) {
  const edges = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (from === undefined) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to === undefined || to === from) continue;
      const targets = edges.get(from) ?? new Map();
      const imports = targets.get(to) ?? [];
      imports.push(`${module.source} -> ${dependency.resolved}`);
      targets.set(to, imports);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** Strongly connected components with more than one folder (Tarjan). */
function folderCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function graphLines(edges) {
  const targetsOf = (folder) => [...(edges.get(folder)?.keys() ?? [])].sort().join(', ') || '–';
  const lines = ['server/src, lowest row first (a folder imports only rows below it):'];
  SERVER_LAYERS.forEach((row, number) => {
    for (const folder of row) lines.push(`  ${number} ${folder} -> ${targetsOf(folder)}`);
  });
  lines.push('parts:');
  for (const part of Object.keys(PARTS)) {
    lines.push(`  ${part} -> ${targetsOf(part)}`);
  }
  return lines;
}

export default function folderGraphReporter(cruiseResult) {
  const edges = folderEdges(cruiseResult.modules);
  const serverFolders = new Set(SERVER_LAYERS.flat());
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t.keys()])]);
  const unplaced = [...nodes].filter((node) => !serverFolders.has(node) && !(node in PARTS));
  const upward = [...edges].flatMap(([from, targets]) =>
    [...targets].filter(([to]) => !allowed(from, to)).flatMap(([, imports]) => imports),
  );
  const cycles = folderCycles(edges);
  const fileCycles = cruiseResult.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => dependency.circular)
      .map((dependency) => `${module.source} -> ${dependency.resolved}`),
  );
  const lines = [
    ...graphLines(edges),
    `folder cycles: ${cycles.length}`,
    ...cycles.map((cycle) => `  ${cycle.join(' <-> ')}`),
    `imports in a cycle between files (shown, not checked): ${fileCycles.length}`,
    ...fileCycles.map((line) => `  ${line}`),
    `imports against the layering: ${upward.length} (at most ${MAX_UPWARD_IMPORTS})`,
    ...upward.map((line) => `  ${line}`),
    ...unplaced.map((folder) => `folder missing from scripts/layers.mjs: ${folder}`),
  ];
  const failed = cycles.length > 0 || upward.length > MAX_UPWARD_IMPORTS || unplaced.length > 0;
  return { output: `${lines.join('\n')}\n`, exitCode: failed ? 1 : 0 };
}
