// dependency-cruiser reporter for `npm run deps`: folds the module graph into
// the folder graph, prints it row by row of the layering (scripts/layers.mjs)
// and fails on any of
// - an import against the layering,
// - a cycle between the top folders of server/src and the parts,
// - a cycle between the subfolders (and files) of one folder, at any depth of
//   server/src and the other parts (DEEP_CHECKED_PARTS): a cycle inside
//   server/src/oauth or server/src/sources ties folders together as
//   much as one between top folders does,
// - a cycle between files anywhere.
// Each failure lists the imports that make it.
import { DEEP_CHECKED_PARTS, folderOf, layerOf, PARTS, SERVER, SERVER_LAYERS } from './layers.mjs';

/** Whether an import from folder `from` into folder `to` follows the layering. */
function allowed(from, to) {
  if (from in PARTS) return PARTS[from].includes(to in PARTS ? to : 'server/src');
  if (to === 'shared/src') return true;
  const fromRow = layerOf(from);
  const toRow = layerOf(to);
  return fromRow !== undefined && toRow !== undefined && toRow < fromRow;
}

/** Every import between two files of the cruised parts, as [from, to]. */
function fileImports(modules) {
  return modules
    .filter((module) => folderOf(module.source) !== undefined)
    .flatMap((module) =>
      module.dependencies
        .filter((dependency) => folderOf(dependency.resolved) !== undefined)
        .map((dependency) => [module.source, dependency.resolved]),
    );
}

/** A graph of named nodes: node -> (node -> the file imports behind the edge). */
function addEdge(graph, from, to, fileImport) {
  const targets = graph.get(from) ?? new Map();
  const imports = targets.get(to) ?? [];
  imports.push(`${fileImport[0]} -> ${fileImport[1]}`);
  targets.set(to, imports);
  graph.set(from, targets);
}

function folderEdges(imports) {
  const edges = new Map();
  for (const fileImport of imports) {
    const from = folderOf(fileImport[0]);
    const to = folderOf(fileImport[1]);
    if (from !== to) addEdge(edges, from, to, fileImport);
  }
  return edges;
}

/** The folder that holds both files, deepest first ('' when they share none). */
function commonFolder(a, b) {
  const left = a.split('/').slice(0, -1);
  const right = b.split('/').slice(0, -1);
  let length = 0;
  while (length < left.length && left[length] === right[length]) length += 1;
  return left.slice(0, length).join('/');
}

/** The entry of `folder` that holds `file`: a subfolder (ending in '/') or the file itself. */
function entryOf(folder, file) {
  const [first, ...rest] = file.slice(folder.length + 1).split('/');
  return rest.length > 0 ? `${first}/` : first;
}

const inProductPart = (folder) =>
  DEEP_CHECKED_PARTS.some((part) => folder === part || folder.startsWith(`${part}/`));

/**
 * Per folder of DEEP_CHECKED_PARTS, the graph between its entries (subfolders
 * and files). An import counts once, in the deepest folder that holds both
 * ends; above it both ends lie in one entry. The top of server/src is the
 * layered folder graph, checked on its own.
 */
function nestedEdges(imports) {
  const graphs = new Map();
  for (const fileImport of imports) {
    const folder = commonFolder(...fileImport);
    if (folder === SERVER || !inProductPart(folder)) continue;
    const graph = graphs.get(folder) ?? new Map();
    addEdge(graph, entryOf(folder, fileImport[0]), entryOf(folder, fileImport[1]), fileImport);
    graphs.set(folder, graph);
  }
  return graphs;
}

function fileEdges(imports) {
  const edges = new Map();
  for (const fileImport of imports) addEdge(edges, ...fileImport, fileImport);
  return edges;
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
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
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A cycle's line and, below it, the imports between its members. */
function cycleLines(label, cycle, edges) {
  const members = new Set(cycle);
  const imports = cycle.flatMap((from) =>
    [...(edges.get(from) ?? [])].filter(([to]) => members.has(to)).flatMap(([, lines]) => lines),
  );
  return [`  ${label}${cycle.join(' <-> ')}`, ...imports.sort().map((line) => `    ${line}`)];
}

function graphLines(edges) {
  const targetsOf = (folder) => [...(edges.get(folder)?.keys() ?? [])].sort().join(', ') || '–';
  const lines = [`${SERVER}, lowest row first (a folder imports only rows below it):`];
  SERVER_LAYERS.forEach((row, number) => {
    for (const folder of row) lines.push(`  ${number} ${folder} -> ${targetsOf(folder)}`);
  });
  lines.push('parts:');
  for (const part of Object.keys(PARTS)) {
    lines.push(`  ${part} -> ${targetsOf(part)}`);
  }
  return lines;
}

/** `cruiseResult`: dependency-cruiser's JSON result (modules with their resolved dependencies). */
export default function folderGraphReporter(cruiseResult) {
  const imports = fileImports(cruiseResult.modules);
  const edges = folderEdges(imports);
  const serverFolders = new Set(SERVER_LAYERS.flat());
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t.keys()])]);
  const unplaced = [...nodes].filter((node) => !serverFolders.has(node) && !(node in PARTS));
  const upward = [...edges].flatMap(([from, targets]) =>
    [...targets].filter(([to]) => !allowed(from, to)).flatMap(([, lines]) => lines),
  );
  const folderCycles = cycles(edges).map((cycle) => cycleLines('', cycle, edges));
  const subfolderCycles = [...nestedEdges(imports)].sort().flatMap(([folder, graph]) =>
    cycles(graph)
      // A cycle of files alone is a file cycle, reported below.
      .filter((cycle) => cycle.some((entry) => entry.endsWith('/')))
      .map((cycle) => cycleLines(`${folder}: `, cycle, graph)),
  );
  const files = fileEdges(imports);
  const fileCycles = cycles(files).map((cycle) => cycleLines('', cycle, files));
  const lines = [
    ...graphLines(edges),
    `folder cycles: ${folderCycles.length}`,
    ...folderCycles.flat(),
    `subfolder cycles (${DEEP_CHECKED_PARTS.join(', ')}, at any depth): ${subfolderCycles.length}`,
    ...subfolderCycles.flat(),
    `file cycles: ${fileCycles.length}`,
    ...fileCycles.flat(),
    `imports against the layering: ${upward.length}`,
    ...upward.map((line) => `  ${line}`),
    ...unplaced.map((folder) => `folder missing from scripts/layers.mjs: ${folder}`),
  ];
  const failed =
    folderCycles.length > 0 ||
    subfolderCycles.length > 0 ||
    fileCycles.length > 0 ||
    upward.length > 0 ||
    unplaced.length > 0;
  return { output: `${lines.join('\n')}\n`, exitCode: failed ? 1 : 0 };
}
