// The sidebar page: account (with links to get a key and the progress of the
// latest lookup run), settings (API key, service URL), and a footer with
// attribution and disclaimer. The disclaimers are built in, so they show even
// when the server cannot be reached.
import { CALCULATION_DISCLAIMER, LOOKUP_DISCLAIMER } from '#shared/texts.js';
import {
  byId,
  renderAccount,
  renderAttributions,
  renderLicense,
  renderProgress,
  renderRecord,
  renderSettings,
  showMessage,
} from './render.js';
import type { RefreshScope, SettingsInput, SidebarState } from './protocol.js';
import { callServer } from './serverCalls.js';

/** A custom function cannot call the sidebar; the sidebar asks for its progress this often. */
const PROGRESS_POLL_MS = 3000;
/**
 * While the latest run left cells pending ("Wird geladen"), the sidebar runs
 * "Fehlende Werte laden" this often: the service has meanwhile finished those
 * addresses into its cache, so asking again fills them free of charge. Only
 * the formulas with a cell not kept yet run again, never all of them.
 */
const PENDING_REFRESH_MS = 10_000;
let lastPendingRefresh = 0;

const failed = (error: unknown) =>
  `Fehler: ${error instanceof Error ? error.message : String(error)}`;

function applyState(state: SidebarState): void {
  renderSettings(state);
  renderRecord(state.record);
  renderAttributions(state.attributions);
}

async function loadAccount(): Promise<void> {
  showMessage('account-message', 'Konto wird geladen …', 'info');
  try {
    const answer = await callServer('getAccount');
    if (answer.ok) {
      renderAccount(answer.account);
      showMessage('account-message', '', 'info');
    } else {
      byId('account').replaceChildren();
      showMessage('account-message', answer.message, 'error');
    }
  } catch (error) {
    showMessage('account-message', failed(error), 'error');
  }
}

async function pollProgress(): Promise<void> {
  try {
    const progress = await callServer('getProgress');
    renderProgress(progress);
    const pending = progress?.pending ?? 0;
    const runOver = progress !== null && progress.done + pending >= progress.total;
    if (pending > 0 && runOver && Date.now() - lastPendingRefresh >= PENDING_REFRESH_MS) {
      lastPendingRefresh = Date.now();
      await callServer('refreshValues');
    }
  } catch {
    // The next poll tries again; the figures are a convenience.
  }
}

async function save(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const keyInput = byId<HTMLInputElement>('api-key');
  const input: SettingsInput = {
    serviceUrl: byId<HTMLInputElement>('service-url').value,
    scope: byId<HTMLInputElement>('document-scope').checked ? 'document' : 'user',
  };
  if (keyInput.value.trim() !== '') input.apiKey = keyInput.value;
  showMessage('settings-message', 'Wird gespeichert …', 'info');
  try {
    const answer = await callServer('saveSettings', input);
    if (!answer.ok) {
      showMessage('settings-message', answer.message, 'error');
      return;
    }
    keyInput.value = '';
    applyState(answer.state);
    // Cells that showed "Kein API-Schlüssel" fill in with the new key.
    const refreshed = await callServer('refreshValues');
    showMessage(
      'settings-message',
      refreshed.formulas > 0
        ? `Gespeichert. ${refreshed.formulas} Formeln werden neu berechnet.`
        : 'Gespeichert.',
      'info',
    );
    await loadAccount();
  } catch (error) {
    showMessage('settings-message', failed(error), 'error');
  }
}

/** "Aktualisieren": the service's current answers for the chosen formulas. */
async function refreshStored(): Promise<void> {
  const scope = byId<HTMLSelectElement>('refresh-scope').value as RefreshScope;
  showMessage('values-message', 'Wird aktualisiert …', 'info');
  try {
    const answer = await callServer('refreshStoredValues', scope);
    showMessage(
      'values-message',
      answer.formulas === 0
        ? 'Hier stehen keine Formeln mit BODENRICHTWERT.'
        : `${answer.cells} gespeicherte Werte werden neu abgefragt (${answer.formulas === 1 ? '1 Formel' : `${answer.formulas} Formeln`}); bis zur Antwort bleiben sie stehen.`,
      'info',
    );
    applyState(await callServer('getSidebarState'));
  } catch (error) {
    showMessage('values-message', failed(error), 'error');
  }
}

/** "Werte fixieren": the selected formulas become values with a note of their source. */
async function fix(): Promise<void> {
  showMessage('values-message', 'Wird fixiert …', 'info');
  try {
    const answer = await callServer('fixValues');
    const done =
      answer.cells > 0
        ? `${answer.cells} Zellen fixiert, je mit Stichtag, Quelle und Lizenz als Notiz.`
        : 'Nichts fixiert.';
    const problems = answer.skipped.length > 0;
    showMessage('values-message', [done, ...answer.skipped].join(' '), problems ? 'error' : 'info');
    applyState(await callServer('getSidebarState'));
  } catch (error) {
    showMessage('values-message', failed(error), 'error');
  }
}

async function removeKey(): Promise<void> {
  try {
    applyState(await callServer('removeApiKey'));
    byId('account').replaceChildren();
    showMessage('settings-message', 'API-Schlüssel entfernt.', 'info');
  } catch (error) {
    showMessage('settings-message', failed(error), 'error');
  }
}

async function start(): Promise<void> {
  byId('lookup-disclaimer').textContent = LOOKUP_DISCLAIMER;
  byId('calculation-disclaimer').textContent = CALCULATION_DISCLAIMER;
  renderLicense();
  byId<HTMLFormElement>('settings-form').addEventListener('submit', (event) => void save(event));
  byId('remove-key').addEventListener('click', () => void removeKey());
  byId('refresh-values').addEventListener('click', () => void refreshStored());
  byId('fix-values').addEventListener('click', () => void fix());
  byId('refresh-account').addEventListener('click', () => {
    void loadAccount();
    void pollProgress();
  });
  void pollProgress();
  setInterval(() => {
    if (document.visibilityState === 'visible') void pollProgress();
  }, PROGRESS_POLL_MS);
  // The footer with attribution and disclaimer is always in view, and nothing
  // scrolls the account section away; "Einstellungen" without a key puts the
  // cursor into the key field.
  const section = document.getElementById('start-section')?.dataset['section'];
  try {
    const state = await callServer('getSidebarState');
    applyState(state);
    if (state.settings.apiKeyHint !== null) await loadAccount();
    else if (section === 'einstellungen') byId('api-key').focus({ preventScroll: true });
  } catch (error) {
    showMessage('settings-message', failed(error), 'error');
  }
}

// HtmlOutput.append puts the start-section marker after this script; wait for it.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => void start());
} else {
  void start();
}
