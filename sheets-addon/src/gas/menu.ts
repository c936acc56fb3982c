// The add-on menu and the sidebar. onOpen may run in AuthMode.NONE, where
// only the menu may be built: no properties, no cache, no requests.

/** Names of the global functions the menu items call (see index.ts). */
export const MENU_ITEMS = [
  { caption: 'Einstellungen', functionName: 'showSettings' },
  { caption: 'Fehlende Werte laden', functionName: 'refreshValues' },
  { caption: 'Quellenangabe und Hinweis', functionName: 'showNotice' },
] as const;

export const SIDEBAR_TITLE = 'Bodenrichtwert';

export function buildMenu(ui: GoogleAppsScript.Base.Ui): void {
  const menu = ui.createAddonMenu();
  for (const { caption, functionName } of MENU_ITEMS) menu.addItem(caption, functionName);
  menu.addToUi();
}

export type SidebarSection = 'einstellungen' | 'hinweis';

/**
 * Opens Sidebar.html. The menu item it was opened from is appended as a data
 * marker, because an HtmlOutput built from a file takes no parameters.
 */
export function showSidebar(section: SidebarSection): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar')
    .setTitle(SIDEBAR_TITLE)
    .append(`<div id="start-section" data-section="${section}" hidden></div>`);
  SpreadsheetApp.getUi().showSidebar(html);
}
