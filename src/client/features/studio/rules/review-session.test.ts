import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { reviewTranscript } from './review-fixture';
import { reviewCounts } from './review-queue';
import {
  reviewStep,
  sentenceAt,
  startReview,
  type ReviewAction,
  type ReviewSession,
} from './review-session';

/** Runs actions as the hook does: the session follows, the transcript takes each change. */
function run(actions: ReviewAction[], from = reviewTranscript) {
  let transcript: Transcript = from;
  let session: ReviewSession = startReview(transcript);
  for (const action of actions) {
    const step = reviewStep(session, transcript, action);
    session = step.session;
    if (step.change) transcript = step.change(transcript);
  }
  return { session, transcript, shown: sentenceAt(transcript, session)?.segment.id ?? 'summary' };
}

describe('a review session', () => {
  it('starts at the first sentence that waits and says where it is', () => {
    const { session, shown } = run([]);
    expect(shown).toBe('s2');
    expect(session.queue).toEqual(['s2', 's3', 's4']);
    expect(session.announcement).toBe('Sentence 2, 1 of 3: Lucía pasa por el mercado.');
  });

  it('approves a sentence with Enter and moves on to the next', () => {
    const { session, transcript, shown } = run([{ type: 'approve' }]);
    expect(shown).toBe('s3');
    expect(session.approved).toBe(1);
    expect(session.announcement).toBe('Sentence 2 approved. Sentence 3, 2 of 3: Compra pan.');
    const s2 = transcript.segments[1]!;
    expect(s2.translationSource).toBe('human');
    expect(s2.words.map((word) => word.glossSource)).toEqual([
      undefined,
      'human',
      'human',
      undefined,
      'human',
    ]);
  });

  it('waits on doubtful timings after Enter, each accepted with T, then moves on', () => {
    let { session, shown } = run([{ type: 'approve' }, { type: 'approve' }]);
    expect(shown).toBe('s3');
    expect(session.announcement).toBe(
      'Sentence 3 approved. The timing of “Compra” is doubtful: T accepts it.',
    );
    ({ session, shown } = run([
      { type: 'approve' },
      { type: 'approve' },
      { type: 'accept-timing' },
    ]));
    expect(shown).toBe('s3');
    expect(session.announcement).toBe(
      'The timing of “Compra” accepted. The sentence’s timing is doubtful: T accepts it.',
    );
    const done = run([
      { type: 'approve' },
      { type: 'approve' },
      { type: 'accept-timing' },
      { type: 'accept-timing' },
    ]);
    expect(done.shown).toBe('s4');
    expect(done.transcript.segments[2]).not.toHaveProperty('confidence');
    expect(done.transcript.segments[2]!.words[0]).not.toHaveProperty('confidence');
  });

  it('says why the aligner doubts a word, and T drops the reason with the confidence', () => {
    const squeezed: Transcript = {
      segments: reviewTranscript.segments.map((segment) => ({
        ...segment,
        words: segment.words.map((word) =>
          word.text === 'Compra' ? { ...word, timingDoubt: 'squeezed' as const } : word,
        ),
      })),
    };
    const asked = run([{ type: 'approve' }, { type: 'approve' }], squeezed);
    expect(asked.session.announcement).toBe(
      'Sentence 3 approved. The timing of “Compra” is doubtful: the word got almost no time (squeezed). T accepts it.',
    );
    const accepted = run(
      [{ type: 'approve' }, { type: 'approve' }, { type: 'accept-timing' }],
      squeezed,
    );
    const compra = accepted.transcript.segments[2]!.words[0]!;
    expect(compra).not.toHaveProperty('confidence');
    expect(compra).not.toHaveProperty('timingDoubt');
  });

  it('accepting timings before Enter stays on the sentence; Enter then moves on', () => {
    const before = run([{ type: 'approve' }, { type: 'accept-timing' }, { type: 'accept-timing' }]);
    expect(before.shown).toBe('s3');
    expect(before.session.announcement).toBe(
      'The sentence’s timing accepted. Nothing else waits here: Enter goes on.',
    );
    expect(
      run([
        { type: 'approve' },
        { type: 'accept-timing' },
        { type: 'accept-timing' },
        { type: 'approve' },
      ]).shown,
    ).toBe('s4');
  });

  it('opens what is missing after Enter: the translation, then a gloss, and ends with the summary', () => {
    const toS4: ReviewAction[] = [
      { type: 'approve' },
      { type: 'approve' },
      { type: 'accept-timing' },
      { type: 'accept-timing' },
      { type: 'approve' },
    ];
    let { session } = run(toS4);
    expect(session.panel).toEqual({ kind: 'translation' });
    expect(session.announcement).toBe(
      'Sentence 4 approved. Sentence 4 has no translation: type one, then Enter.',
    );
    ({ session } = run([...toS4, { type: 'keep-translation', text: '  ' }]));
    expect(session.panel).toEqual({ kind: 'translation' });
    expect(session.announcement).toBe('Type a translation, or press Esc.');

    ({ session } = run([...toS4, { type: 'keep-translation', text: 'He goes home.' }]));
    expect(session.panel).toEqual({ kind: 'gloss', word: 2 });
    expect(session.announcement).toBe(
      'Translation kept. “casa” has no gloss: choose a sense or type one.',
    );

    const end = run([
      ...toS4,
      { type: 'keep-translation', text: 'He goes home.' },
      { type: 'choose', number: 1 },
    ]);
    expect(end.shown).toBe('summary');
    expect(end.session.announcement).toBe('Gloss of “casa”: house. Nothing left to review.');
    expect(end.transcript.segments[3]).toMatchObject({
      translation: 'He goes home.',
      translationSource: 'human',
    });
    expect(end.transcript.segments[3]!.words[2]).toMatchObject({
      gloss: 'house',
      glossSource: 'human',
    });
    expect(reviewCounts(end.transcript)).toEqual({
      sentences: 0,
      translations: 0,
      glosses: 0,
      timings: 0,
    });
    expect(end.session.approved).toBe(3);
  });

  it('replaces a wrong gloss by number with another sense, without moving on', () => {
    // Gloss 1 of sentence 2 is "pasa", worth a look first.
    let { session } = run([{ type: 'gloss', number: 1 }]);
    expect(session.panel).toEqual({ kind: 'gloss', word: 1 });
    expect(session.announcement).toBe('Other senses of “pasa”.');
    const chosen = run([
      { type: 'gloss', number: 1 },
      { type: 'choose', number: 2 },
    ]);
    expect(chosen.shown).toBe('s2');
    expect(chosen.session.panel).toBeNull();
    expect(chosen.transcript.segments[1]!.words[1]).toMatchObject({
      gloss: 'happen',
      glossSource: 'human',
    });
    // The numbers keep meaning the same words for the rest of the visit.
    expect(chosen.session.layout).toEqual(session.layout);
    ({ session } = run([{ type: 'gloss', number: 9 }]));
    expect(session.panel).toBeNull();
    expect(session.announcement).toBe('There is no gloss 9 here.');
  });

  it('takes a typed gloss exactly as typed, and ignores a blank one', () => {
    const typed = run([
      { type: 'gloss', number: 2 },
      { type: 'set-gloss', word: 2, text: 'through' },
    ]);
    expect(typed.transcript.segments[1]!.words[2]).toMatchObject({
      gloss: 'through',
      glossSource: 'human',
    });
    const blank = run([
      { type: 'gloss', number: 2 },
      { type: 'set-gloss', word: 2, text: ' ' },
    ]);
    expect(blank.transcript).toBe(reviewTranscript);
  });

  it('goes back and forth without approving, and from the summary back to the last sentence', () => {
    const forth = run([{ type: 'next' }, { type: 'next' }]);
    expect(forth.shown).toBe('s4');
    expect(forth.transcript).toBe(reviewTranscript);
    expect(run([{ type: 'next' }, { type: 'next' }, { type: 'next' }]).shown).toBe('summary');
    const end = run([{ type: 'next' }, { type: 'next' }, { type: 'next' }]);
    expect(end.session.announcement).toBe('End of the review: 3 sentences still wait.');
    expect(
      run([{ type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'previous' }]).shown,
    ).toBe('s4');
    expect(run([{ type: 'previous' }]).session.announcement).toBe(
      'This is the first sentence of the review.',
    );
  });

  it('restarts from the summary with what still waits', () => {
    const restarted = run([
      { type: 'approve' },
      { type: 'next' },
      { type: 'next' },
      { type: 'restart' },
    ]);
    expect(restarted.session.queue).toEqual(['s3', 's4']);
    expect(restarted.shown).toBe('s3');
    expect(restarted.session.approved).toBe(1);
  });

  it('Enter on a sentence approved earlier goes on to the next that waits', () => {
    const back = run([{ type: 'approve' }, { type: 'previous' }]);
    expect(back.shown).toBe('s2');
    expect(back.session.layout).toEqual({ check: [], obvious: [], approved: [1, 2, 3, 4] });
    const again = run([{ type: 'approve' }, { type: 'previous' }, { type: 'approve' }]);
    expect(again.shown).toBe('s3');
    expect(again.session.approved).toBe(1);
  });
});
