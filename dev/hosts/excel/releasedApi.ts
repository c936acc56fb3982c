// What the released @types/office-js (the version package.json pins) offers in
// the Excel namespace: each class's members and the requirement set each one
// belongs to ("[Api set: ExcelApi 1.5]" in its documentation). A member the
// typings lack is a preview API or none at all: Microsoft documents preview
// APIs only in the preview typings ("ExcelApi BETA (PREVIEW ONLY)",
// learn.microsoft.com/javascript/api/requirement-sets/excel/excel-preview-apis),
// and a host without them answers ApiNotFound. Read once per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';

export interface ApiSet {
  name: string;
  /** "1.5"; "BETA" for a preview set. */
  version: string;
}

/**
 * The requirement sets a member's documentation names ("[Api set: SharedRuntime
 * 1.1, Mailbox 1.10]": any one of them offers it); empty when it names none.
 */
export function apiSetsOf(documentation: string): ApiSet[] {
  const list = /\[Api set: ([^\]]+)\]/.exec(documentation)?.[1] ?? '';
  return list.split(',').flatMap((item) => {
    const match = /^\s*([A-Za-z]+) ([^\s]+)\s*$/.exec(item);
    return match ? [{ name: match[1] ?? '', version: match[2] ?? '' }] : [];
  });
}

/** -1, 0 or 1 as version a is below, equal to or above b ("1.10" is above "1.9"). */
export function compareVersions(a: string, b: string): number {
  const [a1 = 0, a2 = 0] = a.split('.').map(Number);
  const [b1 = 0, b2 = 0] = b.split('.').map(Number);
  return Math.sign(a1 - b1 || a2 - b2);
}

/** Class name → member name → its requirement sets (empty when the typings name none). */
export type ReleasedApi = ReadonlyMap<string, ReadonlyMap<string, readonly ApiSet[]>>;

let released: ReleasedApi | undefined;

function memberName(member: ts.ClassElement): string | undefined {
  const name = member.name;
  return name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name))
    ? name.text
    : undefined;
}

function readReleasedApi(): ReleasedApi {
  const path = createRequire(import.meta.url).resolve('@types/office-js/index.d.ts');
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.ES2022,
    true,
  );
  const classes = new Map<string, Map<string, ApiSet[]>>();
  for (const statement of source.statements) {
    if (!ts.isModuleDeclaration(statement) || statement.name.getText() !== 'Excel') continue;
    const body = statement.body;
    if (body === undefined || !ts.isModuleBlock(body)) continue;
    for (const declaration of body.statements) {
      if (!ts.isClassDeclaration(declaration) || declaration.name === undefined) continue;
      const members = classes.get(declaration.name.text) ?? new Map<string, ApiSet[]>();
      for (const member of declaration.members) {
        const name = memberName(member);
        if (name === undefined) continue;
        const docs = ts
          .getJSDocCommentsAndTags(member)
          .map((doc) => doc.getText())
          .join('\n');
        if (!members.has(name)) members.set(name, apiSetsOf(docs));
      }
      classes.set(declaration.name.text, members);
    }
  }
  return classes;
}

export function releasedExcelApi(): ReleasedApi {
  released ??= readReleasedApi();
  return released;
}
