// Checks that the add-in uses only what the released Office typings
// (@types/office-js, custom-functions-runtime, office-runtime as pinned) offer,
// within the requirement sets the manifest declares. A preview API is absent
// from the released typings, so code reaching it needs a hand declaration or a
// cast, or names it in a string (`load('use1904DateSystem')`); each is found here:
// - a `declare` of its own (but the constants webpack defines, `__NAME__`);
// - a cast through unknown or any, or of an Office object to a type of its own
//   with members the Office type lacks;
// - a member of an Office object the typings do not declare (an augmentation);
// - a property a load() names that the object's type does not have;
// - a member whose "[Api set: …]" the manifest's <Requirements> do not cover
//   (a set it does not declare, a version above its MinVersion, a preview).
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import ts from 'typescript';
import { apiSetsOf, compareVersions } from '#dev/hosts/excel/releasedApi.js';

const OFFICE_TYPINGS =
  /node_modules\/@types\/(office-js|custom-functions-runtime|office-runtime)\//;

/** The requirement sets and minimum versions of an add-in manifest. */
export function declaredSets(manifestXml: string): Map<string, string> {
  const sets = /<Sets\b[^>]*?(?:DefaultMinVersion="([^"]*)")?[^>]*>([\s\S]*?)<\/Sets>/.exec(
    manifestXml,
  );
  const fallback = sets?.[1] ?? '1.1';
  const declared = new Map<string, string>();
  for (const match of (sets?.[2] ?? '').matchAll(/<Set\b([^>]*)\/>/g)) {
    const attributes = match[1] ?? '';
    const name = /Name="([^"]*)"/.exec(attributes)?.[1];
    if (name) declared.set(name, /MinVersion="([^"]*)"/.exec(attributes)?.[1] ?? fallback);
  }
  return declared;
}

const isOfficeDeclaration = (declaration: ts.Declaration | undefined) =>
  declaration !== undefined && OFFICE_TYPINGS.test(declaration.getSourceFile().fileName);

const isOfficeType = (type: ts.Type) =>
  isOfficeDeclaration((type.getSymbol() ?? type.aliasSymbol)?.declarations?.[0]);

function documentation(declaration: ts.Declaration): string {
  return ts
    .getJSDocCommentsAndTags(declaration)
    .map((doc) => doc.getText())
    .join('\n');
}

export interface CheckOptions {
  /** Compiler options and root files: excel-addin/tsconfig.json, or fixtures with its options. */
  tsconfig: string;
  rootNames?: string[];
  manifestXml: string;
}

/** The problems found, as "file:line: what". */
export function checkOfficeApis(options: CheckOptions): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    options.tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  if (!config) throw new Error(`cannot read ${options.tsconfig}`);
  const rootNames = options.rootNames ?? config.fileNames;
  const program = ts.createProgram({ rootNames, options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const declared = declaredSets(options.manifestXml);
  const base = dirname(options.tsconfig);
  const problems: string[] = [];

  function coveredBy(declaration: ts.Declaration): string | undefined {
    const sets = apiSetsOf(documentation(declaration));
    if (sets.length === 0) return undefined;
    const ok = sets.some(({ name, version }) => {
      const minimum = declared.get(name);
      return (
        minimum !== undefined &&
        /^\d+\.\d+$/.test(version) &&
        compareVersions(version, minimum) <= 0
      );
    });
    return ok ? undefined : sets.map(({ name, version }) => `${name} ${version}`).join(', ');
  }

  for (const file of program.getSourceFiles()) {
    if (
      !rootNames.includes(file.fileName) ||
      (file.isDeclarationFile && !file.fileName.endsWith('.d.ts'))
    )
      continue;
    const report = (node: ts.Node, what: string) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      problems.push(`${relative(base, file.fileName)}:${line + 1}: ${what}`);
    };

    const checkMember = (
      node: ts.Node,
      objectType: ts.Type,
      symbol: ts.Symbol | undefined,
      name: string,
    ) => {
      if (!isOfficeType(objectType)) return;
      const declaration = symbol?.declarations?.[0];
      if (!isOfficeDeclaration(declaration)) {
        report(node, `${name} is not in the released Office typings`);
        return;
      }
      const sets = declaration && coveredBy(declaration);
      if (sets) report(node, `${name} needs ${sets}, above what the manifest declares`);
    };

    const visit = (node: ts.Node): void => {
      const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
      if (modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) {
        const names = ts.isVariableStatement(node)
          ? node.declarationList.declarations.map((d) => d.name.getText())
          : [];
        const defined = names.length > 0 && names.every((name) => /^__[A-Z_]+__$/.test(name));
        if (!defined) report(node, `declares ${node.getText().split('\n')[0]}`);
      }
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const target = node.type;
        const through =
          target.kind === ts.SyntaxKind.AnyKeyword ||
          (target.kind === ts.SyntaxKind.UnknownKeyword && ts.isAsExpression(node.parent));
        const from = checker.getTypeAtLocation(node.expression);
        const to = checker.getTypeFromTypeNode(target);
        if (through) report(node, `casts through ${target.getText()}`);
        else if (isOfficeType(from) && !isOfficeType(to)) {
          const unlisted = checker
            .getPropertiesOfType(to)
            .filter((p) => !checker.getPropertyOfType(from, p.name))
            .map((p) => p.name);
          if (unlisted.length > 0) {
            report(node, `casts an Office object to ${target.getText()} (${unlisted.join(', ')})`);
          }
        }
      }
      if (ts.isPropertyAccessExpression(node)) {
        const objectType = checker.getTypeAtLocation(node.expression);
        checkMember(node, objectType, checker.getSymbolAtLocation(node.name), node.name.text);
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'load'
      ) {
        const objectType = checker.getTypeAtLocation(node.expression.expression);
        const names = node.arguments.flatMap((arg) =>
          ts.isStringLiteral(arg)
            ? [arg.text]
            : ts.isArrayLiteralExpression(arg)
              ? arg.elements.filter(ts.isStringLiteral).map((e) => e.text)
              : [],
        );
        for (const name of names
          .flatMap((n) => n.split(','))
          .map((n) => n.trim().split('/')[0] ?? '')) {
          if (name === '') continue;
          const property = checker.getPropertyOfType(objectType, name);
          if (!property && isOfficeType(objectType))
            report(node, `loads ${name}, which the released typings lack`);
          else if (property) checkMember(node, objectType, property, name);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return problems;
}

export const readManifest = (path: string) => readFileSync(path, 'utf8');
