import { averageWordsPerStory, type StoryKnowledge } from '#shared/contracts/progress';
import type { ReviewRating } from '#shared/contracts/review';
import type { Transcript } from '#shared/transcript';
import { StorageUnreachableError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import {
  countChapterWords,
  knownShare,
  runningCoverage,
  type ChapterWordCounts,
} from './known-words.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { ProgressRepository } from './progress.repository.ts';
import type { VocabularyRepository } from './vocabulary.repository.ts';

/** How widely the published stories use a lemma. */
export interface LemmaUse {
  chapters: number;
  occurrences: number;
}

/** The lemma of a word when it is one of the top-2,000 words, otherwise null. */
export type LemmaOf = (word: string) => string | null;

type ChapterLemmasRow = Awaited<ReturnType<VocabularyRepository['chapterLemmas']>>[number];

/** A saved word whose last review was rated Good (or Easy) is a word the learner knows. */
const RECALLED: ReviewRating = 3;

/**
 * Words learned (docs/decisions/009): the distinct top-2,000 lemmas heard in completed chapters.
 * Each chapter's lemmas are computed once per transcript file and kept in chapter_vocabulary.
 * Words known (decision 067), which say how much of a chapter or a story a learner knows: those
 * heard, and the saved words they last recalled well in review.
 */
export function createVocabularyService(deps: {
  vocabulary: VocabularyRepository;
  progress: ProgressRepository;
  stories: StoriesService;
  transcripts: TranscriptLoader;
  lemmaOf: LemmaOf;
  /** The lemmas a learner's placement assumes they know (decision 071). */
  placedLemmas: (userId: string) => Promise<readonly string[]>;
}) {
  const { vocabulary, progress, stories, transcripts, lemmaOf, placedLemmas } = deps;

  const lemmasOf = (transcript: Transcript) => {
    const byWordId = new Map<string, string>();
    for (const segment of transcript.segments) {
      for (const word of segment.words) {
        const lemma = lemmaOf(word.text);
        if (lemma) byWordId.set(word.id, lemma);
      }
    }
    return byWordId;
  };

  const noWords: ChapterWordCounts = { lemmas: [], counts: [], runningWords: 0, freeWords: 0 };

  /** A chapter's words counted for its current transcript: kept ones, or counted now and kept. */
  async function chapterWords(chapter: ChapterLemmasRow): Promise<ChapterWordCounts> {
    if (chapter.lemmas && chapter.lemmaCounts && chapter.cachedKey === chapter.transcriptKey) {
      return {
        lemmas: chapter.lemmas,
        counts: chapter.lemmaCounts,
        runningWords: chapter.runningWords ?? 0,
        freeWords: chapter.freeWords ?? 0,
      };
    }
    if (chapter.transcriptKey === '') return noWords;
    let words = noWords;
    try {
      const { transcript } = await transcripts.load(chapter.transcriptKey);
      words = countChapterWords(transcript, lemmaOf);
    } catch (error) {
      // A storage that cannot be reached now: no words this time, and nothing kept, so the
      // chapter is counted once the file can be read.
      if (error instanceof StorageUnreachableError) return noWords;
      // A missing or invalid transcript teaches no words; it is not an error for progress.
    }
    await vocabulary.saveChapterWords(chapter.chapterId, chapter.transcriptKey, words);
    return words;
  }

  const chapterLemmas = async (chapter: ChapterLemmasRow) => (await chapterWords(chapter)).lemmas;

  /** One read for every completed chapter; only chapters never computed are computed now. */
  async function heardLemmas(userId: string): Promise<Set<string>> {
    const completed = await progress.completedChapterIds(userId);
    const chapters = await vocabulary.chapterLemmas(completed);
    return new Set((await Promise.all(chapters.map(chapterLemmas))).flat());
  }

  /**
   * The one rule for the lemmas a learner knows (decision 067): heard in a completed chapter, a
   * saved word whose last review was rated Good or Easy, or assumed known by their placement
   * (decision 071).
   */
  async function knownLemmas(userId: string): Promise<Set<string>> {
    const [known, recalled, placed] = await Promise.all([
      heardLemmas(userId),
      vocabulary.wordsLastRatedAtLeast(userId, RECALLED),
      placedLemmas(userId),
    ]);
    for (const word of recalled) {
      const lemma = lemmaOf(word);
      if (lemma) known.add(lemma);
    }
    for (const lemma of placed) known.add(lemma);
    return known;
  }

  /** The words counted of every chapter of the published stories, by chapter id. */
  async function publishedChapterWords(viewer: Viewer) {
    const { stories: published } = await stories.listStories(viewer);
    const rows = await vocabulary.chapterLemmas(
      published.flatMap((story) => story.chapters.map((chapter) => chapter.id)),
    );
    const counted = await Promise.all(
      rows.map(async (row) => [row.chapterId, await chapterWords(row)] as const),
    );
    return { published, byChapter: new Map(counted) };
  }

  return {
    /** The common lemmas of each chapter (computed once per transcript file, then kept). */
    async lemmasOfChapters(chapterIds: string[]): Promise<Map<string, string[]>> {
      const rows = await vocabulary.chapterLemmas(chapterIds);
      const lists = await Promise.all(rows.map(chapterLemmas));
      return new Map(rows.map((row, i) => [row.chapterId, lists[i]!]));
    },

    /**
     * Recomputes the learner's totals after a chapter is completed; returns the completion facts
     * it read too, which decide the achievements.
     */
    async recompute(userId: string) {
      const heard = await heardLemmas(userId);
      const facts = await progress.completionFacts(userId);
      const totals = { totalWordsLearned: heard.size, storiesCompleted: facts.completedStories };
      await vocabulary.saveLearnerTotals(userId, totals);
      return { ...totals, facts };
    },

    async get(userId: string) {
      const row = await vocabulary.findLearnerTotals(userId);
      const totalWordsLearned = row?.totalWordsLearned ?? 0;
      const storiesCompleted = row?.storiesCompleted ?? 0;
      return {
        totalWordsLearned,
        storiesCompleted,
        averageWordsPerStory: averageWordsPerStory(totalWordsLearned, storiesCompleted),
      };
    },

    /**
     * Which words of a chapter the viewer may open are new to them, and how much of it they
     * already know.
     */
    async chapterKnowledge(viewer: Viewer & { userId: string }, chapterId: string) {
      const { transcript } = await stories.getTranscript(viewer, chapterId);
      const known = await knownLemmas(viewer.userId);
      const byWordId = lemmasOf(transcript);
      const newWordIds = [...byWordId]
        .filter(([, lemma]) => !known.has(lemma))
        .map(([wordId]) => wordId);
      const { knownPercentage } = knownShare(byWordId.values(), known);
      return { knownPercentage, newWordIds };
    },

    /**
     * How much of each published story the viewer knows, from its chapters' kept counts (a
     * transcript is read only for a chapter never counted): the share of its distinct words
     * (decision 067) and of its running words (decision 071).
     */
    async storyKnowledge(viewer: Viewer & { userId: string }): Promise<StoryKnowledge[]> {
      const [{ published, byChapter }, known] = await Promise.all([
        publishedChapterWords(viewer),
        knownLemmas(viewer.userId),
      ]);
      return published.map((story) => {
        const chapters = story.chapters.flatMap((chapter) => byChapter.get(chapter.id) ?? []);
        return {
          storyId: story.id,
          ...knownShare(
            chapters.flatMap((chapter) => chapter.lemmas),
            known,
          ),
          coveragePercentage: runningCoverage(chapters, known),
        };
      });
    },

    /**
     * How widely the published stories use each common lemma (decision 071): in how many
     * chapters, then how often in all, the order placement's frequency bands follow.
     */
    async publishedLemmaUse(viewer: Viewer): Promise<Map<string, LemmaUse>> {
      const { byChapter } = await publishedChapterWords(viewer);
      const use = new Map<string, LemmaUse>();
      for (const chapter of byChapter.values()) {
        chapter.lemmas.forEach((lemma, index) => {
          const seen = use.get(lemma) ?? { chapters: 0, occurrences: 0 };
          seen.chapters += 1;
          seen.occurrences += chapter.counts[index] ?? 0;
          use.set(lemma, seen);
        });
      }
      return use;
    },
  };
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
