import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoryLevel } from '../contracts/stories';
import { transcriptSchema } from '../transcript';
import { buildPracticeSet } from './build-set';
import type { ClozeItem, PracticeItem } from './items';
import { practiceChapterLines } from './timed-line-fixture';
import { alsoRight, wordFacts } from './word-choice';

const segments = practiceChapterLines;

const levels: StoryLevel[] = ['Beginner', 'Intermediate', 'Advanced'];

const blanks = (items: PracticeItem[]) =>
  items.filter((item): item is ClozeItem => item.kind === 'cloze').flatMap((item) => item.blanks);

describe('buildPracticeSet', () => {
  it('makes about ten items of the level’s kinds, each from another line', () => {
    for (const level of levels) {
      const items = buildPracticeSet({ segments, level }, 'seed');
      expect(items.length).toBeGreaterThanOrEqual(8);
      expect(items.length).toBeLessThanOrEqual(10);
      expect(new Set(items.map((item) => item.segmentId)).size).toBe(items.length);
      const kinds = new Set(items.map((item) => item.kind));
      expect(kinds.has('cloze')).toBe(true);
      expect(kinds.has('dictation')).toBe(true);
      expect(kinds.has('word-in-audio')).toBe(level !== 'Advanced');
    }
  });

  it('is the same for the same seed and another for another seed', () => {
    const source = { segments, level: 'Intermediate' as const };
    expect(buildPracticeSet(source, 'a')).toEqual(buildPracticeSet(source, 'a'));
    expect(buildPracticeSet(source, 'a')).not.toEqual(buildPracticeSet(source, 'b'));
  });

  it('never asks a name or a number, and never uses a line timed with doubt', () => {
    for (const level of levels) {
      for (const seed of ['1', '2', '3', '4', '5']) {
        const items = buildPracticeSet({ segments, level }, seed);
        expect(items.some((item) => item.segmentId === 's9')).toBe(false);
        for (const blank of blanks(items)) {
          expect(['Lucía', 'Pablo', 'Mayor', '3', 'veinte']).not.toContain(blank.answer);
        }
        for (const item of items) {
          if (item.kind === 'word-in-audio') {
            expect(['Lucía', 'Pablo', 'Mayor', '3', 'veinte']).not.toContain(item.answer);
          }
        }
      }
    }
  });

  it('offers four options with the answer once and no other right answer', () => {
    for (const seed of ['1', '2', '3', '4', '5', '6']) {
      for (const blank of blanks(buildPracticeSet({ segments, level: 'Intermediate' }, seed))) {
        if (blank.options.length === 0) continue;
        expect(blank.options).toHaveLength(4);
        expect(blank.options.filter((option) => option === blank.answer)).toHaveLength(1);
        const answer = wordFacts(blank.answer);
        for (const option of blank.options.filter((o) => o !== blank.answer)) {
          expect(alsoRight(answer, wordFacts(option))).toBe(false);
        }
      }
    }
  });

  it('asks the words the learner is learning first', () => {
    const items = buildPracticeSet({ segments, level: 'Intermediate' }, 'x', {
      focus: new Set(['abuelo']),
    });
    expect(blanks(items).map((blank) => blank.answer)).toContain('abuelo');
  });

  it('shows a cloze line exactly as written, the blank in place of the word’s letters', () => {
    const items = buildPracticeSet({ segments, level: 'Beginner' }, 'seed');
    for (const item of items.filter((i): i is ClozeItem => i.kind === 'cloze')) {
      const shown = item.parts
        .map((part) => ('text' in part ? part.text : item.blanks[part.blank]!.answer))
        .join('');
      expect(shown).toBe(item.line);
      expect(segments.find((s) => s.id === item.segmentId)!.text).toBe(item.line);
    }
  });

  it('gives a beginner a short phrase to write and an advanced learner a whole line', () => {
    const beginner = buildPracticeSet({ segments, level: 'Beginner' }, 'seed');
    for (const item of beginner)
      if (item.kind === 'dictation') expect(item.words.length).toBeLessThanOrEqual(6);
    const advanced = buildPracticeSet({ segments, level: 'Advanced' }, 'seed');
    const whole = advanced.filter(
      (item) =>
        item.kind === 'dictation' &&
        item.words.length === segments.find((s) => s.id === item.segmentId)!.words.length,
    );
    expect(whole.length).toBeGreaterThan(0);
  });

  it('makes what a chapter allows when it is short, and nothing from an empty one', () => {
    expect(buildPracticeSet({ segments: [], level: 'Beginner' }, 's')).toEqual([]);
    const items = buildPracticeSet({ segments: segments.slice(0, 2), level: 'Beginner' }, 's');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(2);
  });
});

describe('buildPracticeSet on every demo chapter', () => {
  const root = path.resolve(import.meta.dirname, '../../../content/generated');
  const chapters = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((story) =>
      readdirSync(path.join(root, story.name))
        .filter((file) => /^chapter-\d+\.json$/.test(file))
        .map((file) => path.join(root, story.name, file)),
    );

  it('has chapters to check', () => {
    expect(chapters.length).toBeGreaterThan(5);
  });

  it.each(chapters)('%s: a full set whose clips hold exactly their words', (file) => {
    const { segments: chapterSegments } = transcriptSchema.parse(
      JSON.parse(readFileSync(file, 'utf8')),
    );
    const byWord = new Map(chapterSegments.flatMap((s) => s.words).map((w) => [w.id, w]));
    for (const level of levels) {
      const items = buildPracticeSet({ segments: chapterSegments, level }, 'demo');
      expect(items.length).toBe(10);
      for (const item of items) {
        const ids =
          item.kind === 'dictation'
            ? item.words.map((w) => w.id)
            : item.kind === 'word-in-audio'
              ? item.wordIds
              : chapterSegments.find((s) => s.id === item.segmentId)!.words.map((w) => w.id);
        const first = byWord.get(ids[0]!)!;
        const last = byWord.get(ids.at(-1)!)!;
        expect(item.clip.startSeconds).toBeLessThanOrEqual(first.start);
        expect(item.clip.startSeconds).toBeGreaterThanOrEqual(first.start - 0.0305);
        expect(item.clip.endSeconds).toBeGreaterThan(last.end);
      }
    }
  });
});
