/**
 * A server-rendered page is on screen, and its forms can be filled in, before the app's script
 * runs. A form sent in that time would be submitted by the browser itself (a GET of the page with
 * the fields in its address, and what was typed lost on the reload). This holds such a submission
 * and makes it again once the app has taken the page over (`<html data-app-ready>`, set by the
 * root layout), so the form's own handler sends it. Run by the boot script (src/client/boot.ts).
 */
export function holdEarlySubmits(page: Document = document): void {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const hold = (event: SubmitEvent) => {
    event.preventDefault();
    // Nor does the app's handler see it, even if the form is hydrated already: it is sent once.
    event.stopImmediatePropagation();
    if (event.target instanceof HTMLFormElement) {
      held = { form: event.target, submitter: event.submitter };
    }
  };
  page.addEventListener('submit', hold, true);

  const html = page.documentElement;
  const observer = new MutationObserver(() => {
    if (html.dataset.appReady !== 'true') return;
    observer.disconnect();
    page.removeEventListener('submit', hold, true);
    if (!held?.form.isConnected) return;
    const { form, submitter } = held;
    const sameButton =
      submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
        ? submitter.form === form
        : false;
    form.requestSubmit(sameButton ? submitter : null);
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-app-ready'] });
}
