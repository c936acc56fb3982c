// The recognition of the add-in's formulas as an Excel without the add-in
// saves them (`_xldudf_<NAMESPACE>_<FUNCTION>`, office-js #2051), and which
// cells the add-in repairs when it loads.
import { describe, expect, it } from 'vitest';
import { EXCEL_FUNCTION_NAMES } from '#shared/index.js';
import { isAddinFormula } from '../../../excel-addin/src/workbook/addinCells.js';
import { restoredFormula } from '../../../excel-addin/src/workbook/orphanedFormula.js';
import { needsRepair } from '../../../excel-addin/src/workbook/repairCells.js';

describe('restoredFormula', () => {
  it('names each orphaned call as the function again, arguments untouched', () => {
    expect(
      restoredFormula('=_xldudf_BRW_BODENRICHTWERT(A2:A9,"W",,C2)', EXCEL_FUNCTION_NAMES),
    ).toBe('=BRW.BODENRICHTWERT(A2:A9,"W",,C2)');
    expect(
      restoredFormula(
        '=SUM(_xldudf_brw_zonen(A1),_xldudf_BRW_BODENWERT(1,2,3))',
        EXCEL_FUNCTION_NAMES,
      ),
    ).toBe('=SUM(BRW.ZONEN(A1),BRW.BODENWERT(1,2,3))');
  });

  it('tells a function name with an underscore from the namespace by the list', () => {
    expect(restoredFormula('=_xldudf_BRW_BODENWERT_FLURSTUECK(A1,"W")', EXCEL_FUNCTION_NAMES)).toBe(
      '=BRW.BODENWERT_FLURSTUECK(A1,"W")',
    );
  });

  it('drops the book prefix another add-in may leave ([2]!_xldudf_…, office-js #2568)', () => {
    expect(restoredFormula('=[2]!_xldudf_BRW_ZONEN(A1)', EXCEL_FUNCTION_NAMES)).toBe(
      '=BRW.ZONEN(A1)',
    );
  });

  it('leaves other formulas and other add-ins’ orphaned calls alone', () => {
    expect(restoredFormula('=BRW.ZONEN(A1)', EXCEL_FUNCTION_NAMES)).toBeUndefined();
    expect(restoredFormula('=_xldudf_CONTOSO_ADD(1,2)', EXCEL_FUNCTION_NAMES)).toBeUndefined();
    expect(restoredFormula('_xldudf_BRW_ZONEN(A1)', EXCEL_FUNCTION_NAMES)).toBeUndefined();
  });
});

describe('the formula finders and the repair on load', () => {
  it('count an orphaned call as the add-in’s ("Werte fixieren", "Aktualisieren")', () => {
    expect(isAddinFormula('=_xldudf_BRW_BODENRICHTWERT(A1)')).toBe(true);
    expect(isAddinFormula('=BRW.BODENRICHTWERT(A1)')).toBe(true);
    expect(isAddinFormula('=_xldudf_CONTOSO_ADD(1,2)')).toBe(false);
  });

  it('repair orphaned calls and the add-in’s cells showing #NAME? or #VALUE!', () => {
    expect(needsRepair('=_xldudf_BRW_ZONEN(A1)', '#NAME?')).toBe(true);
    expect(needsRepair('=BRW.ZONEN(A1)', '#NAME?')).toBe(true);
    expect(needsRepair('=BRW.BODENRICHTWERT(A1)', '#VALUE!')).toBe(true);
    expect(needsRepair('=BRW.BODENRICHTWERT(A1)', 450)).toBe(false);
    expect(needsRepair('=BRW.BODENRICHTWERT(A1)', '#N/A')).toBe(false);
    expect(needsRepair('=SUM(A1)', '#NAME?')).toBe(false);
  });
});
