/* global document, window */
// "Auskunft drucken": the browser's own print dialog, which also saves as PDF.
// The print style sheet (style.css, @media print) turns the lookup page into
// the one-page Auskunft; without JavaScript the browser's print menu does the same.
document.querySelectorAll('button[data-print]').forEach((button) => {
  button.addEventListener('click', () => window.print());
});
