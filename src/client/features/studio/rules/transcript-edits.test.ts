import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import {
  applyRealignedSegment,
  approveAllGlosses,
  approveGloss,
  approveTranslation,
  approveSentence,
  mergePrefill,
  setGloss,
  setTranslation,
} from './transcript-edits';

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1,
      text: 'Hola amigo',
      translation: 'Hello friend',
      translationSource: 'machine',
      confidence: 0.3,
      words: [
        { id: 'w1', text: 'Hola', start: 0, end: 0.5, gloss: 'hello', glossSource: 'machine' },
        { id: 'w2', text: 'amigo', start: 0.5, end: 1, gloss: 'friend', glossSource: 'machine' },
        { id: 'w3', text: 'ya', start: 1, end: 1.2 },
      ],
    },
    { id: 's2', start: 1.5, end: 2, text: 'Sí', words: [] },
  ],
};

describe('text edits', () => {
  it('keeps a typed translation exactly as typed and marks it a person’s', () => {
    const edited = setTranslation(transcript, 0, '  Hi, friend ');
    expect(edited.segments[0]).toMatchObject({
      translation: '  Hi, friend ',
      translationSource: 'human',
    });
    expect(edited.segments[1]).toBe(transcript.segments[1]);
  });

  it('approves a machine translation without changing it, and not a blank one', () => {
    const approved = approveTranslation(transcript, 0);
    expect(approved.segments[0]).toMatchObject({
      translation: 'Hello friend',
      translationSource: 'human',
    });
    expect(approveTranslation(approved, 0)).toBe(approved);
    expect(approveTranslation(transcript, 1)).toBe(transcript);
  });

  it('edits and approves glosses one by one or a sentence at once', () => {
    const one = approveGloss(transcript, 0, 0);
    expect(one.segments[0]!.words.map((word) => word.glossSource)).toEqual([
      'human',
      'machine',
      undefined,
    ]);
    const all = approveAllGlosses(transcript, 0);
    expect(all.segments[0]!.words.map((word) => word.glossSource)).toEqual([
      'human',
      'human',
      undefined,
    ]);
    expect(approveAllGlosses(all, 0)).toBe(all);
    const typed = setGloss(transcript, 0, 2, 'already');
    expect(typed.segments[0]!.words[2]).toMatchObject({ gloss: 'already', glossSource: 'human' });
  });
});

describe('a person’s text keeps no machine origin (the transcript contract)', () => {
  const proposed: Transcript = {
    segments: [
      {
        ...transcript.segments[0]!,
        translationOrigin: 'apertium',
        words: transcript.segments[0]!.words.map((word) =>
          word.gloss ? { ...word, glossOrigin: 'lexicon' as const } : word,
        ),
      },
    ],
  };
  const origins = (value: Transcript) => [
    value.segments[0]!.translationOrigin,
    ...value.segments[0]!.words.map((word) => word.glossOrigin),
  ];

  it('drops the origins of what Enter approves in review mode', () => {
    const approved = approveSentence(proposed, 0);
    expect(approved.segments[0]).toMatchObject({
      translation: 'Hello friend',
      translationSource: 'human',
    });
    expect(origins(approved)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('drops the origin of a translation or gloss approved or rewritten', () => {
    expect(approveTranslation(proposed, 0).segments[0]).not.toHaveProperty('translationOrigin');
    expect(setTranslation(proposed, 0, 'Hi, friend').segments[0]).not.toHaveProperty(
      'translationOrigin',
    );
    expect(approveGloss(proposed, 0, 1).segments[0]!.words[1]).toEqual({
      id: 'w2',
      text: 'amigo',
      start: 0.5,
      end: 1,
      gloss: 'friend',
      glossSource: 'human',
    });
    expect(setGloss(proposed, 0, 0, 'hi').segments[0]!.words[0]).not.toHaveProperty('glossOrigin');
    expect(origins(approveAllGlosses(proposed, 0)).slice(1)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('applyRealignedSegment', () => {
  it('takes the server’s times and confidences, keeps the editor’s texts', () => {
    const edited = setGloss(transcript, 0, 0, 'hi');
    const realigned = {
      ...transcript.segments[0]!,
      start: 0.1,
      end: 1.3,
      confidence: 0.8,
      words: [
        { id: 'w1', text: 'Hola', start: 0.1, end: 0.4, gloss: 'hello', confidence: 0.9 },
        { id: 'w2', text: 'amigo', start: 0.4, end: 1.1, gloss: 'friend', confidence: 0.7 },
        { id: 'w3', text: 'ya', start: 1.1, end: 1.3, confidence: 0.6 },
      ],
    };
    const result = applyRealignedSegment(edited, realigned);
    expect(result.segments[0]).toMatchObject({ start: 0.1, end: 1.3, confidence: 0.8 });
    expect(result.segments[0]!.words[0]).toMatchObject({
      gloss: 'hi',
      glossSource: 'human',
      start: 0.1,
      end: 0.4,
      confidence: 0.9,
    });
    expect(applyRealignedSegment(edited, { ...realigned, id: 'nope' })).toBe(edited);
  });

  it('takes the server’s reasons for doubt, and drops a reason the new timing no longer has', () => {
    const doubted: Transcript = {
      segments: [
        {
          ...transcript.segments[0]!,
          words: transcript.segments[0]!.words.map((word, index) =>
            index < 2 ? { ...word, confidence: 0.2, timingDoubt: 'music' as const } : word,
          ),
        },
      ],
    };
    const realigned = {
      ...doubted.segments[0]!,
      words: [
        { id: 'w1', text: 'Hola', start: 0.1, end: 0.4, confidence: 0.95 },
        {
          id: 'w2',
          text: 'amigo',
          start: 0.4,
          end: 1.1,
          confidence: 0.3,
          timingDoubt: 'squeezed' as const,
        },
      ],
    };
    const [hola, amigo] = applyRealignedSegment(doubted, realigned).segments[0]!.words;
    expect(hola).toMatchObject({ confidence: 0.95, start: 0.1 });
    expect(hola).not.toHaveProperty('timingDoubt');
    expect(amigo).toMatchObject({ confidence: 0.3, timingDoubt: 'squeezed' });
  });
});

describe('mergePrefill', () => {
  it('fills only what is blank, marked machine', () => {
    const typedMeanwhile = setTranslation(
      { segments: [transcript.segments[0]!, { ...transcript.segments[1]!, translation: '' }] },
      0,
      'Hi',
    );
    const filled: Transcript = {
      segments: [
        {
          ...transcript.segments[0]!,
          translation: 'Hello, friend',
          words: transcript.segments[0]!.words.map((word) => ({
            ...word,
            gloss: word.gloss ?? 'already',
            glossSource: 'machine' as const,
          })),
        },
        { ...transcript.segments[1]!, translation: 'Yes', translationSource: 'machine' },
      ],
    };
    const merged = mergePrefill(typedMeanwhile, filled);
    expect(merged.segments[0]).toMatchObject({ translation: 'Hi', translationSource: 'human' });
    expect(merged.segments[0]!.words[2]).toMatchObject({
      gloss: 'already',
      glossSource: 'machine',
    });
    expect(merged.segments[1]).toMatchObject({ translation: 'Yes', translationSource: 'machine' });
    expect(mergePrefill(merged, filled)).toBe(merged);
  });
});
