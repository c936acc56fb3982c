// Opens the built task pane in headless Chromium as Excel would host it: the
// page comes from the stand-in's /excel/ and loads the real office.js, and the
// Excel stand-in (dev/hosts/excel) holds the workbook, calls the functions in
// the page and answers its Excel.run batches (pageRuntime.ts).
import type { Browser, Page } from 'playwright-core';
import { openWorkbook, type ExcelHost } from '#dev/hosts/excel/excelHost.js';
import { pageRuntime } from '#dev/hosts/excel/pageRuntime.js';
import { Workbook, type WorkbookFile } from '#dev/hosts/excel/workbook.js';

/** A typical task pane: narrow and not very tall. */
export const TASKPANE_VIEWPORT = { width: 350, height: 620 } as const;

export interface TaskpaneOptions {
  dir: string;
  baseUrl: string;
  file?: WorkbookFile;
  device?: Map<string, string>;
}

export async function openTaskpane(
  browser: Browser,
  options: TaskpaneOptions,
): Promise<{ page: Page; host: ExcelHost }> {
  const page = await browser.newPage({ viewport: TASKPANE_VIEWPORT });
  const host = await openWorkbook({
    dir: options.dir,
    ...(options.file ? { file: options.file } : {}),
    ...(options.device ? { device: options.device } : {}),
    runtime: pageRuntime(page, { dir: options.dir, baseUrl: options.baseUrl }),
  });
  return { page, host };
}

/** A saved workbook holding these add-in settings (Office.context.document.settings). */
export function workbookWithSettings(settings: Record<string, string>): WorkbookFile {
  const workbook = new Workbook();
  for (const [name, value] of Object.entries(settings)) workbook.settings.set(name, value);
  return workbook.save();
}
