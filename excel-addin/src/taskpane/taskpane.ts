// Task pane entry: account figures, where to get a key, lookup progress,
// "Aktualisieren", "Werte fixieren" and the notice of newer values; key and
// URL form; attribution and disclaimer.
import { session } from '../session.js';
import { showAccount, showKeyLinks } from './accountView.js';
import { showNotice } from './attributionView.js';
import { byId } from './dom.js';
import { bindFixValues } from './fixValuesView.js';
import { showOutdated } from './outdatedView.js';
import { showProgress } from './progressView.js';
import { bindRefreshButton } from './refreshView.js';
import { showRepair } from './repairView.js';
import { bindSettingsForm } from './settingsForm.js';

async function start(): Promise<void> {
  showNotice(session.attributions);
  showProgress(session.progress);
  session.answers.onTrouble((text) => {
    const status = byId('storage-status');
    status.textContent = text;
    status.hidden = false;
  });
  const refreshAccount = (): void => void showAccount(session.account);
  bindRefreshButton(refreshAccount);
  bindFixValues();
  showOutdated();
  showRepair();
  // Saving a key lets the cells waiting for one fill in (cellHealing.ts).
  const settings = await bindSettingsForm(session.settings, (saved) => {
    showKeyLinks(saved.serviceUrl);
    refreshAccount();
  });
  showKeyLinks(settings.serviceUrl);
  if (settings.apiKey !== '') refreshAccount();
}

void Office.onReady(() => start());
