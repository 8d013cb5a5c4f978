import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript.ts';
import { checkTimedTranscript } from './check-transcript.ts';

const good = (): Transcript => ({
  segments: [
    {
      id: 's1',
      start: 0.3,
      end: 1.5,
      text: '¡Hola, Ana!',
      words: [
        { id: 's1w1', text: 'Hola', start: 0.3, end: 0.8 },
        { id: 's1w2', text: 'Ana', start: 0.8, end: 1.5 },
      ],
    },
    {
      id: 's2',
      start: 2,
      end: 2.6,
      text: 'Adiós.',
      words: [{ id: 's2w1', text: 'Adiós', start: 2, end: 2.6 }],
    },
  ],
});

const messages = (transcript: Transcript, durationSeconds?: number) =>
  checkTimedTranscript(transcript, { durationSeconds }).map((p) => `${p.path} ${p.message}`);

describe('checkTimedTranscript', () => {
  it('accepts a well-timed transcript', () => {
    expect(checkTimedTranscript(good(), { durationSeconds: 3 })).toEqual([]);
  });

  it('accepts every demo chapter at its duration', () => {
    const root = path.resolve(import.meta.dirname, '../../../content/generated');
    const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as {
      stories: { chapters: { transcript: string; durationExact: number }[] }[];
    };
    for (const chapter of manifest.stories.flatMap((s) => s.chapters)) {
      const transcript = JSON.parse(
        readFileSync(path.join(root, chapter.transcript), 'utf8'),
      ) as Transcript;
      expect(checkTimedTranscript(transcript, { durationSeconds: chapter.durationExact })).toEqual(
        [],
      );
    }
  });

  it('refuses a sentence that starts before the one before it ends', () => {
    const t = good();
    t.segments[1]!.start = 1.4;
    t.segments[1]!.words[0]!.start = 1.4;
    expect(messages(t)).toEqual([
      '/segments/1/start Sentence 2 (s2) starts at 1.400 s, before sentence 1 (s1) ends at 1.500 s.',
    ]);
  });

  it('refuses words out of order or outside their sentence', () => {
    const t = good();
    t.segments[0]!.words[1]!.start = 0.7;
    t.segments[1]!.words[0]!.end = 2.7;
    expect(messages(t)).toEqual([
      '/segments/0/words/1/start Word 2 of sentence 1 ("Ana", s1w2) starts at 0.700 s, before the word before it ends at 0.800 s.',
      '/segments/1/words/0/start Word 1 of sentence 2 ("Adiós", s2w1) (2.000 s–2.700 s) lies outside its sentence (2.000 s–2.600 s).',
    ]);
  });

  it('refuses a start after its end', () => {
    const t = good();
    t.segments[1] = { ...t.segments[1]!, start: 2.6, end: 2, words: [] };
    expect(messages(t)).toEqual([
      '/segments/1/start Sentence 2 (s2) starts after it ends (2.600 s > 2.000 s).',
      '/segments/1/words Sentence 2 (s2) has no words.',
    ]);
  });

  it('refuses anything after the end of the audio', () => {
    expect(messages(good(), 2.5)).toEqual([
      "/segments/1/end Sentence 2 (s2) ends at 2.600 s, after the audio's end at 2.500 s.",
    ]);
  });

  it('tolerates the rounding of times to the millisecond', () => {
    const t = good();
    t.segments[0]!.words[1]!.start = 0.7999;
    expect(checkTimedTranscript(t, { durationSeconds: 2.6004 })).toEqual([]);
  });

  it('refuses repeated ids and words that are not in the text', () => {
    const t = good();
    t.segments[1]!.words[0]!.id = 's1w1';
    t.segments[0]!.words[1]!.text = 'Luis';
    expect(messages(t)).toEqual([
      '/segments/0/words/1/text Word 2 of sentence 1 ("Luis", s1w2) is not in the sentence\'s text "¡Hola, Ana!" at that place.',
      '/segments/1/words/0/id The id "s1w1" is used twice (also at /segments/0/words/0).',
    ]);
  });

  it('refuses what the schema refuses, and an empty transcript', () => {
    const t = good();
    t.segments[0]!.words[0]!.start = -1;
    t.segments[0]!.words[0]!.text = '';
    expect(messages(t)).toEqual([
      '/segments/0/words/0/text The transcript is malformed here: Too small: expected string to have >=1 characters',
      '/segments/0/words/0/start The transcript is malformed here: Too small: expected number to be >=0',
    ]);
    expect(messages({ segments: [] })).toEqual(['/segments The transcript has no sentences.']);
  });
});
