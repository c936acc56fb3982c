// SpreadsheetApp.getUi() and HtmlService: menus and sidebars are recorded,
// HTML files come from the built project like Apps Script serves them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MenuRecord {
  /** null for the add-on menu, whose title is the add-on's name. */
  title: string | null;
  items: { caption: string; functionName: string }[];
  addedToUi: boolean;
}

class FakeMenu {
  constructor(readonly record: MenuRecord) {}

  addItem(caption: string, functionName: string): this {
    this.record.items.push({ caption, functionName });
    return this;
  }

  addSeparator(): this {
    return this;
  }

  addToUi(): void {
    this.record.addedToUi = true;
  }
}

export class FakeHtmlOutput {
  private title = '';

  constructor(private content: string) {}

  setTitle(title: string): this {
    this.title = title;
    return this;
  }

  getTitle(): string {
    return this.title;
  }

  append(addedContent: string): this {
    this.content += addedContent;
    return this;
  }

  getContent(): string {
    return this.content;
  }
}

export class FakeUi {
  readonly menus: MenuRecord[] = [];
  readonly sidebars: FakeHtmlOutput[] = [];

  createAddonMenu(): FakeMenu {
    return this.menu(null);
  }

  createMenu(title: string): FakeMenu {
    return this.menu(title);
  }

  private menu(title: string | null): FakeMenu {
    const record: MenuRecord = { title, items: [], addedToUi: false };
    this.menus.push(record);
    return new FakeMenu(record);
  }

  showSidebar(output: FakeHtmlOutput): void {
    this.sidebars.push(output);
  }
}

export function fakeHtmlService(projectDir: string) {
  return {
    createHtmlOutputFromFile(name: string): FakeHtmlOutput {
      const file = path.join(projectDir, name.endsWith('.html') ? name : `${name}.html`);
      if (!existsSync(file)) throw new Error(`Exception: No HTML file named ${name} was found.`);
      return new FakeHtmlOutput(readFileSync(file, 'utf8'));
    },
  };
}
