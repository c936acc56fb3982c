// Task pane entry: key and URL form, recalculation, account figures, attribution
// and disclaimer.
import { session } from '../session.js';
import { showAccount } from './accountView.js';
import { showNotice } from './attributionView.js';
import { bindRecalculateButton, recalculateWorkbook } from './recalculate.js';
import { bindSettingsForm } from './settingsForm.js';

async function start(): Promise<void> {
  showNotice(session.attributions);
  bindRecalculateButton();
  const refreshAccount = (): void => void showAccount(session.account);
  const settings = await bindSettingsForm(session.settings, () => {
    refreshAccount();
    // Cells that showed "Kein API-Schlüssel" fill in with the new key.
    void recalculateWorkbook().catch(() => undefined);
  });
  if (settings.apiKey !== '') refreshAccount();
}

void Office.onReady(() => start());
