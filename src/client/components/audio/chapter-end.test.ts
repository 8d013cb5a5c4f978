// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CHAPTER_END_STEPS, onChapterEnd, type ChapterEndStep } from './chapter-end';

const subscriptions: Array<() => void> = [];
afterEach(() => {
  for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
});

function subscribe(
  audio: HTMLAudioElement,
  step: ChapterEndStep,
  handler: Parameters<typeof onChapterEnd>[2],
) {
  const unsubscribe = onChapterEnd(audio, step, handler);
  subscriptions.push(unsubscribe);
  return unsubscribe;
}

const end = (audio: HTMLAudioElement) => audio.dispatchEvent(new Event('ended'));

describe('the chapter end', () => {
  it('runs its steps in the stated order, whatever order they subscribed in', () => {
    const audio = document.createElement('audio');
    const ran: ChapterEndStep[] = [];
    for (const step of [...CHAPTER_END_STEPS].reverse())
      subscribe(audio, step, () => ran.push(step));
    end(audio);
    expect(ran).toEqual(['completion', 'assist', 'sleep-timer', 'rewind', 'next-chapter']);
    end(audio);
    expect(ran).toHaveLength(10);
  });

  it('tells the later steps that an earlier one stopped the listening, and only them', () => {
    const audio = document.createElement('audio');
    const seen: Array<[ChapterEndStep, boolean]> = [];
    subscribe(audio, 'next-chapter', (e) => seen.push(['next-chapter', e.stopped]));
    subscribe(audio, 'assist', (e) => seen.push(['assist', e.stopped]));
    subscribe(audio, 'sleep-timer', (e) => {
      e.stop();
      seen.push(['sleep-timer', e.stopped]);
    });
    end(audio);
    expect(seen).toEqual([
      ['assist', false],
      ['sleep-timer', true],
      ['next-chapter', true],
    ]);
    // Each end starts afresh.
    seen.length = 0;
    subscriptions.splice(1, 2).forEach((unsubscribe) => unsubscribe());
    end(audio);
    expect(seen).toEqual([['next-chapter', false]]);
  });

  it('gives each step one owner per audio', () => {
    const audio = document.createElement('audio');
    const unsubscribe = subscribe(audio, 'rewind', () => undefined);
    expect(() => onChapterEnd(audio, 'rewind', () => undefined)).toThrow(
      'The chapter end\'s "rewind" step already has an owner on this audio.',
    );
    // Another audio has steps of its own.
    subscribe(document.createElement('audio'), 'rewind', () => undefined);
    unsubscribe();
    const ran: string[] = [];
    subscribe(audio, 'rewind', () => ran.push('new owner'));
    end(audio);
    expect(ran).toEqual(['new owner']);
  });

  it('runs a step that subscribes again during the end once, and forgets a step that left', () => {
    const audio = document.createElement('audio');
    const ran: string[] = [];
    let unsubscribeRewind = subscribe(audio, 'rewind', () => ran.push('rewind'));
    // As a re-render does: the completion's owner makes the rewind's subscribe again.
    subscribe(audio, 'completion', () => {
      ran.push('completion');
      unsubscribeRewind();
      unsubscribeRewind = subscribe(audio, 'rewind', () => ran.push('rewind again'));
    });
    end(audio);
    expect(ran).toEqual(['completion', 'rewind']);

    ran.length = 0;
    for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
    end(audio);
    expect(ran).toEqual([]);
  });

  it('runs the later steps after one fails, then reports the failure to the page', () => {
    const audio = document.createElement('audio');
    const ran: string[] = [];
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      reported.push(event.error);
    };
    window.addEventListener('error', onError);
    try {
      subscribe(audio, 'completion', () => {
        throw new Error('save failed');
      });
      subscribe(audio, 'rewind', () => ran.push('rewind'));
      end(audio);
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(ran).toEqual(['rewind']);
    expect(reported).toEqual([new Error('save failed')]);
  });
});
