// The sidebar page: settings (API key, service URL), account, attribution and
// disclaimer. The disclaimers are built in, so they show even when the server
// cannot be reached.
import { CALCULATION_DISCLAIMER, LOOKUP_DISCLAIMER } from '../../shared/src/texts.js';
import {
  byId,
  renderAccount,
  renderAttributions,
  renderLicense,
  renderSettings,
  showMessage,
} from './render.js';
import type { SettingsInput, SidebarState } from './protocol.js';
import { callServer } from './serverCalls.js';

const failed = (error: unknown) =>
  `Fehler: ${error instanceof Error ? error.message : String(error)}`;

function applyState(state: SidebarState): void {
  renderSettings(state);
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
  byId('refresh-account').addEventListener('click', () => void loadAccount());
  // The menu item "Quellenangabe und Hinweis" opens the sidebar at that section.
  const section = document.getElementById('start-section')?.dataset['section'];
  if (section !== undefined) document.getElementById(section)?.scrollIntoView();
  try {
    const state = await callServer('getSidebarState');
    applyState(state);
    if (state.settings.apiKeyHint !== null) await loadAccount();
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
