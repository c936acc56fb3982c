// The built Apps Script project: what `clasp push` uploads must declare every
// entry point at top level, carry the custom-function help, and ship a
// manifest with the minimal scopes and the whitelist of BASE_URL.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAddon, type BuiltAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { FakeUi } from '#dev/hosts/sheets/uiFakes.js';
import { SPREADSHEET_FUNCTIONS } from '#shared/index.js';

const SCOPES = [
  'https://www.googleapis.com/auth/script.external_request',
  'https://www.googleapis.com/auth/script.container.ui',
  'https://www.googleapis.com/auth/spreadsheets.currentonly',
];
/** Every function of the table of spreadsheet functions, by its Sheets name. */
const CUSTOM_FUNCTIONS = SPREADSHEET_FUNCTIONS.map((fn) => fn.sheets);
const GLOBALS = [
  ...CUSTOM_FUNCTIONS,
  'onOpen',
  'onInstall',
  'showSettings',
  'showNotice',
  'getSidebarState',
  'saveSettings',
  'removeApiKey',
  'getAccount',
  'refreshValues',
  'refreshStoredValues',
  'fixValues',
];

let build: BuiltAddon;
beforeAll(() => {
  build = buildAddon('https://brw.example.de/');
});
afterAll(() => build.remove());

describe('the built Apps Script project', () => {
  it('holds exactly Code.js, Sidebar.html and appsscript.json', () => {
    expect(readdirSync(build.dir).sort()).toEqual(['Code.js', 'Sidebar.html', 'appsscript.json']);
  });

  it('declares every entry point as a top-level function', () => {
    for (const name of GLOBALS) {
      expect(build.code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
    }
  });

  it('keeps the @customfunction JSDoc directly above every custom function', () => {
    for (const name of CUSTOM_FUNCTIONS) {
      const jsdoc = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*function ${name}\\(`).exec(
        build.code,
      );
      expect(jsdoc?.[1]).toContain('@customfunction');
      expect(jsdoc?.[1]).toContain('@param');
    }
  });

  it('names in the JSDoc of every custom function the arguments of the table, in its order', () => {
    for (const fn of SPREADSHEET_FUNCTIONS) {
      const jsdoc = new RegExp(
        `/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*function ${fn.sheets}\\(`,
      ).exec(build.code);
      const params = [...(jsdoc?.[1] ?? '').matchAll(/@param \{[^}]*\} (\w+)/g)].map((m) => m[1]);
      expect(params, fn.sheets).toEqual(fn.args.map((arg) => arg.name));
    }
  });

  it('uses no eval-based source maps', () => {
    expect(build.code).not.toMatch(/\beval\(/);
    expect(build.code).not.toContain('sourceMappingURL');
  });

  it('inlines the sidebar script into Sidebar.html', () => {
    expect(build.sidebarHtml).not.toContain('<!-- sidebar-script -->');
    expect(build.sidebarHtml).not.toMatch(/<script[^>]+src=/);
    expect(build.sidebarHtml).toMatch(/<script>[\s\S]*getSidebarState[\s\S]*<\/script>/);
  });
});

describe('the manifest', () => {
  it('is an Editor add-on on V8 with the minimal scopes', () => {
    expect(build.manifest['runtimeVersion']).toBe('V8');
    expect(build.manifest['oauthScopes']).toEqual(SCOPES);
    expect(build.manifest).not.toHaveProperty('addOns');
  });

  it('allows fetching only from BASE_URL', () => {
    expect(build.manifest['urlFetchWhitelist']).toEqual(['https://brw.example.de/']);
  });

  it('is built from manifests/appsscript.json, which is valid JSON with the same scopes', () => {
    const source = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../manifests/appsscript.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(source['urlFetchWhitelist']).toEqual(['http://localhost:3000/']);
    expect({ ...source, urlFetchWhitelist: null }).toEqual({
      ...build.manifest,
      urlFetchWhitelist: null,
    });
  });

  it('refuses a plain http BASE_URL outside the loopback: Apps Script fetches only https', () => {
    expect(() => buildAddon('http://brw.example.de')).toThrow(/BASE_URL must be https/);
  });

  it('refuses a BASE_URL that is no http(s) URL', () => {
    expect(() => buildAddon('ftp://brw.example.de')).toThrow(/BASE_URL must be an http\(s\) URL/);
  });
});

describe('in the Apps Script runtime', () => {
  it('defines every entry point as a global function', () => {
    const runtime = loadAddon(build);
    for (const name of GLOBALS) {
      expect(typeof (runtime.context as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('loads and builds the menu with nothing but the Ui, as onOpen in AuthMode.NONE must', () => {
    const ui = new FakeUi();
    const context = vm.createContext({ SpreadsheetApp: { getUi: () => ui } });
    vm.runInContext(build.code, context);
    (context as { onOpen(e: object): void }).onOpen({ authMode: 'NONE' });
    expect(ui.menus[0]?.items.map((item) => item.caption)).toEqual([
      'Einstellungen',
      'Fehlende Werte laden',
      'Quellenangabe und Hinweis',
    ]);
  });

  it('builds the add-on menu on open and on install, each item calling a global function', () => {
    for (const trigger of ['onOpen', 'onInstall']) {
      const runtime = loadAddon(build);
      runtime.value(trigger, { authMode: 'NONE' });
      expect(runtime.ui.menus).toEqual([
        {
          title: null,
          items: [
            { caption: 'Einstellungen', functionName: 'showSettings' },
            { caption: 'Fehlende Werte laden', functionName: 'refreshValues' },
            { caption: 'Quellenangabe und Hinweis', functionName: 'showNotice' },
          ],
          addedToUi: true,
        },
      ]);
      for (const { functionName } of runtime.ui.menus[0]?.items ?? []) {
        expect(GLOBALS).toContain(functionName);
      }
    }
  });

  it('opens the sidebar at the settings or at attribution and disclaimer', () => {
    const runtime = loadAddon(build);
    runtime.value('showSettings');
    runtime.value('showNotice');
    const [settings, notice] = runtime.ui.sidebars;
    expect(settings?.getTitle()).toBe('Bodenrichtwert');
    expect(settings?.getContent()).toContain('data-section="einstellungen"');
    expect(notice?.getContent()).toContain('data-section="hinweis"');
    expect(notice?.getContent()).toContain(build.sidebarHtml);
  });
});
