// Task pane entry: key and URL form, account figures, attribution and disclaimer.
import { session } from '../session.js';
import { showAccount } from './accountView.js';
import { showNotice } from './attributionView.js';
import { bindSettingsForm } from './settingsForm.js';

async function start(): Promise<void> {
  showNotice(session.attributions);
  const refreshAccount = (): void => void showAccount(session.account);
  const settings = await bindSettingsForm(session.settings, refreshAccount);
  if (settings.apiKey !== '') refreshAccount();
}

void Office.onReady(() => start());
