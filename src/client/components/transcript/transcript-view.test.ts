// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { buildTranscriptIndex } from './transcript-index';
import { transcriptHtml } from './transcript-view';

const transcript: Transcript = {
  segments: [
    {
      id: 'a',
      start: 0,
      end: 1,
      text: 'Hola.',
      translation: 'Hello.',
      words: [{ id: 'a1', text: 'Hola.', start: 0, end: 1 }],
    },
    {
      id: 'b',
      start: 1,
      end: 2,
      text: 'Pasa.',
      translation: 'Raisin <b>.',
      translationSource: 'machine',
      words: [{ id: 'b1', text: 'Pasa.', start: 1, end: 2 }],
    },
  ],
};

describe("the lines' own translations (the listening assist shows them)", () => {
  it('marks a machine translation no person has reviewed, and only that one (decision 043)', () => {
    const root = document.createElement('ol');
    root.innerHTML = transcriptHtml(buildTranscriptIndex(transcript), {
      translate: false,
      bookmark: false,
    });
    const [human, machine] = Array.from(root.querySelectorAll('.tr-translation'));
    expect(human!.textContent).toBe('Hello.');
    expect(human!.querySelector('[data-machine-mark]')).toBeNull();
    // The text stays exactly as written (escaped), the mark read right after it.
    expect(machine!.textContent).toBe('Raisin <b>.(Machine translation)');
    expect(machine!.querySelector('[data-machine-mark]')!.getAttribute('lang')).toBe('en');
  });
});
