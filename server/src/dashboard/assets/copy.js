/* global document, navigator */
// Copy buttons next to one-time secrets. Without JavaScript the value stays
// selectable in its read-only field.
document.querySelectorAll('button[data-copy]').forEach((button) => {
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy);
    if (!field) return;
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = 'Kopiert';
    } catch {
      button.textContent = 'Bitte mit Strg+C kopieren';
    }
  });
});
