// Every Excel.run of the add-in. While the user edits a cell, Excel fails a
// batch unless the run asks to wait: "if the user is in cell edit when the
// batch request is processed by the host, the batch automatically fails"
// (Excel.RunOptions.delayForCellEdit; learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-delay-in-cell-edit).
// A write of the kept answers lost that way would make their cells ask the
// service again, so every run waits for the edit to end.
export function excelRun<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  return Excel.run({ delayForCellEdit: true }, batch);
}
