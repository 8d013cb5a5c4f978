// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdEarlySubmits } from './hold-early-submits';

let form: HTMLFormElement;
let button: HTMLButtonElement;
let sent: number;

/** MutationObserver callbacks run as microtasks. */
const observed = () => new Promise<void>((resolve) => queueMicrotask(resolve));

beforeEach(() => {
  document.body.innerHTML =
    '<form><input name="subject" /><button type="submit">Send Message</button></form>';
  form = document.querySelector('form')!;
  button = document.querySelector('button')!;
  sent = 0;
  // The app's handler, as React attaches it: on the way up, after the document's capture phase.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sent += 1;
  });
});

afterEach(() => {
  delete document.documentElement.dataset.appReady;
  document.body.innerHTML = '';
});

describe('holdEarlySubmits', () => {
  it('holds a form sent before the app is ready, then sends it once', async () => {
    holdEarlySubmits();
    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(sent).toBe(0);

    document.documentElement.dataset.appReady = 'true';
    await observed();
    expect(sent).toBe(1);

    // From then on the app alone handles its forms.
    form.requestSubmit(button);
    expect(sent).toBe(2);
  });

  it('sends nothing when nothing was sent early, or when the form is gone', async () => {
    holdEarlySubmits();
    document.documentElement.dataset.appReady = 'true';
    await observed();
    expect(sent).toBe(0);

    delete document.documentElement.dataset.appReady;
    holdEarlySubmits();
    form.requestSubmit(button);
    form.remove();
    document.documentElement.dataset.appReady = 'true';
    await observed();
    expect(sent).toBe(0);
  });
});
