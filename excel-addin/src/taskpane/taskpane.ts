// Task pane entry: account figures, where to get a key, lookup progress and
// "Aktualisieren"; key and URL form; attribution and disclaimer.
import { session } from '../session.js';
import { showAccount, showKeyLinks } from './accountView.js';
import { showNotice } from './attributionView.js';
import { byId } from './dom.js';
import { showProgress } from './progressView.js';
import { bindRefreshButton, recalculateAddinCells } from './recalculate.js';
import { bindSettingsForm } from './settingsForm.js';

async function start(): Promise<void> {
  showNotice(session.attributions);
  showProgress(session.progress);
  session.onStorageTrouble((text) => {
    const status = byId('storage-status');
    status.textContent = text;
    status.hidden = false;
  });
  const refreshAccount = (): void => void showAccount(session.account);
  bindRefreshButton(refreshAccount);
  const settings = await bindSettingsForm(session.settings, (saved) => {
    showKeyLinks(saved.serviceUrl);
    refreshAccount();
    // Cells that showed "Kein API-Schlüssel" fill in with the new key.
    void recalculateAddinCells().catch(() => undefined);
  });
  showKeyLinks(settings.serviceUrl);
  if (settings.apiKey !== '') refreshAccount();
}

void Office.onReady(() => start());
