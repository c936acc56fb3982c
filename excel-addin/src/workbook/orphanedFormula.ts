// A formula of the add-in as an Excel without it saves the workbook: Excel
// does not know the functions there, writes their calls as
// `_xldudf_<NAMESPACE>_<FUNCTION>` and the cells show #NAME? (office-js #2051,
// #5611); with another add-in's workbook link the name may carry a book prefix,
// `[2]!_xldudf_…` (office-js #2568). Excel is to map such names back once it
// knows the add-in's functions again, but does not always (office-js #3558),
// so the add-in restores them itself. Pure: the function names are given, and
// a function name with an underscore (BODENWERT_FLURSTUECK) is told apart from
// the namespace's by that list.

const ORPHANED_CALL = /(?:\[\d+\]!|'[^']*'!)?_xldudf_([A-Za-z0-9_]+)(?=\s*\()/gi;

/**
 * The formula with each `_xldudf_` call of one of `functionNames`
 * ("BRW.BODENRICHTWERT") named as that function again; undefined when the
 * formula has no such call.
 */
export function restoredFormula(
  formula: string,
  functionNames: readonly string[],
): string | undefined {
  if (!formula.startsWith('=') || !/_xldudf_/i.test(formula)) return undefined;
  const byOrphanedName = new Map(
    functionNames.map((name) => [name.replaceAll('.', '_').toUpperCase(), name]),
  );
  let restored = false;
  const text = formula.replace(ORPHANED_CALL, (whole, name: string) => {
    const known = byOrphanedName.get(name.toUpperCase());
    if (known === undefined) return whole;
    restored = true;
    return known;
  });
  return restored ? text : undefined;
}
