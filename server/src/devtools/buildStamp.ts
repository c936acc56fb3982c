// Whether a build is current: a fingerprint of its inputs (file contents and
// the settings it was built for) kept in a stamp file beside the output. The
// output folder is wiped by each build, so a failed build leaves no stamp and
// the next start builds again. Contents, not modification times: a checkout
// or a copy that touches every file does not force a rebuild.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** What the Excel add-in bundle is made of; a missing path (e.g. moved) is skipped. */
export const EXCEL_BUILD_INPUTS = [
  'excel-addin',
  'manifests/excel-addin.xml',
  'shared/src',
  'package-lock.json',
];

/** Build output and helper scripts inside the inputs, which do not change the bundle. */
const EXCEL_BUILD_IGNORED = ['excel-addin/dist', 'excel-addin/scripts'];

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** A hash of every input file under `root` (path and content) and of `settings`. */
export async function fingerprint(
  root: string,
  settings: string,
  inputs: readonly string[] = EXCEL_BUILD_INPUTS,
  ignored: readonly string[] = EXCEL_BUILD_IGNORED,
): Promise<string> {
  const found = await Promise.all(inputs.map((input) => filesUnder(join(root, input))));
  const files = found
    .flat()
    .map((file) => relative(root, file).split(sep).join('/'))
    .filter((file) => !ignored.some((dir) => file.startsWith(`${dir}/`)))
    .sort();
  const hash = createHash('sha256').update(settings);
  for (const file of files) hash.update(`\0${file}\0`).update(await readFile(join(root, file)));
  return hash.digest('hex');
}

/** True when the stamp records exactly this fingerprint. */
export async function isCurrent(stampFile: string, expected: string): Promise<boolean> {
  const recorded = await readFile(stampFile, 'utf8').catch(() => '');
  return recorded.trim() === expected;
}

export async function writeStamp(stampFile: string, value: string): Promise<void> {
  await mkdir(dirname(stampFile), { recursive: true });
  await writeFile(stampFile, `${value}\n`);
}
