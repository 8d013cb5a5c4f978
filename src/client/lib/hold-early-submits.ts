/**
 * A server-rendered page is on screen, and its forms can be filled in, before the app's script
 * runs. A form sent in that time would be submitted by the browser itself (a GET of the page with
 * the fields in its address, and what was typed lost on the reload). This holds such a submission
 * and makes it again once the app has taken the page over (`<html data-app-ready>`, set by the
 * root layout), so the form's own handler sends it. Run by the boot script (src/client/boot.ts),
 * which must stay small: the forms it can meet have one submit button, so none is remembered.
 */
export function holdEarlySubmits(): void {
  let held: HTMLFormElement | null = null;
  const hold = (event: Event) => {
    event.preventDefault();
    // Nor does the app's handler see it, even if the form is hydrated already: it is sent once.
    event.stopImmediatePropagation();
    held = event.target as HTMLFormElement;
  };
  addEventListener('submit', hold, true);
  const html = document.documentElement;
  const observer = new MutationObserver(() => {
    if (!html.dataset.appReady) return;
    observer.disconnect();
    removeEventListener('submit', hold, true);
    if (held?.isConnected) held.requestSubmit();
  });
  observer.observe(html, { attributeFilter: ['data-app-ready'] });
}
