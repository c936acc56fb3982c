// The key and service-URL form. The stored key is never shown again; an empty
// key field on save keeps the stored key, so the URL can be changed alone.
import { AppError } from '#shared/index.js';
import type { AddinSettings, SettingsStore } from '../settings/settingsStore.js';
import { byId, showStatus } from './dom.js';

function showKeyState(settings: AddinSettings): void {
  byId('key-state').textContent =
    settings.apiKey === '' ? 'Kein API-Schlüssel hinterlegt.' : 'Ein API-Schlüssel ist hinterlegt.';
}

export async function bindSettingsForm(
  store: SettingsStore,
  onSaved: (settings: AddinSettings) => void,
): Promise<AddinSettings> {
  const form = byId<HTMLFormElement>('settings-form');
  const keyInput = byId<HTMLInputElement>('api-key');
  const urlInput = byId<HTMLInputElement>('service-url');
  const status = byId('settings-status');

  async function save(apiKey: (current: AddinSettings) => string, done: string): Promise<void> {
    try {
      const current = await store.get();
      const saved = await store.save({ apiKey: apiKey(current), serviceUrl: urlInput.value });
      keyInput.value = '';
      urlInput.value = saved.serviceUrl;
      showKeyState(saved);
      showStatus(status, done);
      onSaved(saved);
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Speichern fehlgeschlagen.';
      showStatus(status, message, true);
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = keyInput.value.trim();
    void save((current) => typed || current.apiKey, 'Gespeichert.');
  });
  byId('remove-key').addEventListener('click', () => {
    void save(() => '', 'API-Schlüssel entfernt.');
  });

  const settings = await store.get();
  urlInput.value = settings.serviceUrl;
  showKeyState(settings);
  return settings;
}
