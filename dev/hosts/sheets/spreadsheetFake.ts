// The spreadsheet as "Werte aktualisieren" sees it: sheets of formulas, ranges
// from getDataRange(), setFormula on single cells, flush(), toast(). Every
// change is logged in order, so a test sees that formulas were removed, the
// removal applied (flush) and the same formulas entered again.

export type SheetChange =
  | { kind: 'setFormula'; sheet: string; row: number; column: number; formula: string }
  | { kind: 'flush' };

class FakeCell {
  constructor(
    private readonly sheet: FakeSheet,
    private readonly row: number,
    private readonly column: number,
  ) {}

  setFormula(formula: string): this {
    this.sheet.setFormula(this.row, this.column, formula);
    return this;
  }
}

class FakeRange {
  constructor(private readonly sheet: FakeSheet) {}

  getFormulas(): string[][] {
    return this.sheet.formulas.map((row) => [...row]);
  }

  getCell(row: number, column: number): FakeCell {
    return new FakeCell(this.sheet, row, column);
  }
}

export class FakeSheet {
  constructor(
    readonly name: string,
    /** '' for cells without a formula (values are not modelled). */
    readonly formulas: string[][],
    private readonly log: SheetChange[],
  ) {}

  getName(): string {
    return this.name;
  }

  getDataRange(): FakeRange {
    return new FakeRange(this);
  }

  setFormula(row: number, column: number, formula: string): void {
    const cells = this.formulas[row - 1];
    if (cells === undefined || column > cells.length) throw new Error('outside the data range');
    cells[column - 1] = formula;
    this.log.push({ kind: 'setFormula', sheet: this.name, row, column, formula });
  }
}

export class FakeSpreadsheet {
  readonly changes: SheetChange[] = [];
  readonly toasts: { message: string; title: string }[] = [];
  private readonly sheets: FakeSheet[] = [];
  /** Datei › Einstellungen › Zeitzone; the script's own zone may differ. */
  timeZone = 'Europe/Berlin';

  getSpreadsheetTimeZone(): string {
    return this.timeZone;
  }

  addSheet(name: string, formulas: string[][]): FakeSheet {
    const sheet = new FakeSheet(name, formulas, this.changes);
    this.sheets.push(sheet);
    return sheet;
  }

  getSheets(): FakeSheet[] {
    return [...this.sheets];
  }

  flush(): void {
    this.changes.push({ kind: 'flush' });
  }

  toast(message: string, title = ''): void {
    this.toasts.push({ message, title });
  }
}
