/** The Clear Cache action reloads the page this long after clearing (spec, section 9). */
export const RELOAD_DELAY_MS = 1500;

/** A full reload of the current page (its own module, so component tests can observe it). */
export function reloadPage(): void {
  window.location.reload();
}
