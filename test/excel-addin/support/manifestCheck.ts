// Offline check of the Office add-in manifest: well-formed XML, the elements a
// shared-runtime custom-functions add-in needs, every resid resolvable, string
// lengths within the schema's limits, and every URL under BASE_URL (file URLs
// under BASE_URL/excel/ and present in the build). Returns the problems found.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type Node = Record<string, unknown>;

const list = (value: unknown): Node[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => v as Node);

const child = (node: Node | undefined, ...path: string[]): Node | undefined =>
  path.reduce<Node | undefined>((at, key) => list(at?.[key])[0], node);

function resources(root: Node, group: string, item: string): Map<string, string> {
  const entries = list(child(root, 'VersionOverrides', 'Resources', group)?.[item]);
  return new Map(entries.map((e) => [String(e['@_id']), String(e['@_DefaultValue'])]));
}

function allUrls(node: unknown, found: string[] = []): string[] {
  if (typeof node === 'string' && /^https?:\/\//.test(node)) found.push(node);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('@_xmlns')) allUrls(value, found); // schema names, not links
    }
  }
  return found;
}

function allResids(node: unknown, found: string[] = []): string[] {
  if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '@_resid') found.push(String(value));
      else allResids(value, found);
    }
  }
  return found;
}

export interface ManifestCheckOptions {
  baseUrl: string;
  /** When given, file URLs under BASE_URL/excel/ must exist in this directory. */
  distDir?: string;
}

export function checkManifest(xml: string, options: ManifestCheckOptions): string[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return [`not well-formed: ${valid.err.msg} (line ${valid.err.line})`];
  const parsed = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true }).parse(
    xml,
  ) as Node;
  const root = child(parsed, 'OfficeApp');
  if (root === undefined) return ['no OfficeApp root element'];
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => ok || problems.push(what);

  need(root['@_type'] === 'TaskPaneApp', 'OfficeApp must be a TaskPaneApp');
  for (const name of ['Id', 'Version', 'ProviderName', 'DefaultLocale', 'Permissions']) {
    need(root[name] !== undefined, `missing ${name}`);
  }
  for (const name of [
    'DisplayName',
    'Description',
    'IconUrl',
    'HighResolutionIconUrl',
    'SupportUrl',
  ]) {
    need(typeof child(root, name)?.['@_DefaultValue'] === 'string', `missing ${name}`);
  }
  need(/^[0-9a-f-]{36}$/i.test(String(root['Id'])), 'Id must be a GUID');
  need(child(root, 'Hosts', 'Host')?.['@_Name'] === 'Workbook', 'Host must be Workbook');
  const sets = list(child(root, 'Requirements', 'Sets')?.['Set']).map((s) => s['@_Name']);
  need(sets.includes('SharedRuntime'), 'requirement set SharedRuntime missing');

  const host = child(root, 'VersionOverrides', 'Hosts', 'Host');
  const runtime = child(host, 'Runtimes', 'Runtime');
  need(runtime?.['@_lifetime'] === 'long', 'shared runtime must have lifetime="long"');
  const customFunctions = list(child(host, 'AllFormFactors')?.['ExtensionPoint']).find(
    (e) => e['@_type'] === 'CustomFunctions',
  );
  need(customFunctions !== undefined, 'CustomFunctions extension point missing');
  const pageResid = child(customFunctions, 'Page', 'SourceLocation')?.['@_resid'];
  need(pageResid === runtime?.['@_resid'], 'functions page must be the shared runtime page');
  for (const part of ['Script', 'Metadata']) {
    need(
      child(customFunctions, part, 'SourceLocation') !== undefined,
      `CustomFunctions ${part} missing`,
    );
  }
  const desktop = child(host, 'DesktopFormFactor');
  need(
    child(desktop, 'FunctionFile')?.['@_resid'] === runtime?.['@_resid'],
    'FunctionFile must be the runtime page',
  );
  const action = child(desktop, 'ExtensionPoint', 'OfficeTab', 'Group', 'Control', 'Action');
  need(action?.['@_type'] === 'ShowTaskpane', 'ribbon button must show the task pane');
  need(action?.['TaskpaneId'] === undefined, 'a shared runtime allows no TaskpaneId');

  const urls = resources(root, 'Urls', 'Url');
  const images = resources(root, 'Images', 'Image');
  const shortStrings = resources(root, 'ShortStrings', 'String');
  const longStrings = resources(root, 'LongStrings', 'String');
  for (const resid of new Set(allResids(host))) {
    const known = [urls, images, shortStrings, longStrings].some((m) => m.has(resid));
    need(known, `resid ${resid} has no resource`);
  }
  const namespaceResid = String(child(customFunctions, 'Namespace')?.['@_resid']);
  need(shortStrings.get(namespaceResid) === 'BRW', 'namespace must be BRW');
  for (const [id, text] of shortStrings) need(text.length <= 125, `short string ${id} too long`);
  for (const [id, text] of longStrings) need(text.length <= 250, `long string ${id} too long`);

  const base = options.baseUrl.replace(/\/+$/, '');
  const appDomains = list(child(root, 'AppDomains')?.['AppDomain']).map(String);
  need(
    appDomains.every((d) => d === new URL(base).origin),
    'AppDomain must be the BASE_URL origin',
  );
  for (const url of allUrls(root)) {
    if (!url.startsWith(`${base}/`) && url !== new URL(base).origin) {
      problems.push(`URL outside BASE_URL: ${url}`);
    } else if (options.distDir && url.startsWith(`${base}/excel/`)) {
      // ?v=<hash> versions a URL (the page, the metadata); the file is the path.
      const file = url.slice(`${base}/excel/`.length).split('?')[0] ?? '';
      need(existsSync(join(options.distDir, file)), `URL points to no built file: ${url}`);
    }
  }
  return problems;
}
