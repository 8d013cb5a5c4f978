import { averageWordsPerStory, type StoryKnowledge } from '#shared/contracts/progress';
import type { ReviewRating } from '#shared/contracts/review';
import type { Transcript } from '#shared/transcript';
import type { Viewer } from '../../lib/viewer.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { knownShare } from './known-words.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { ProgressRepository } from './progress.repository.ts';
import type { VocabularyRepository } from './vocabulary.repository.ts';

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
}) {
  const { vocabulary, progress, stories, transcripts, lemmaOf } = deps;

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

  /** A chapter's lemmas for its current transcript: kept ones, or computed now and kept. */
  async function chapterLemmas(chapter: ChapterLemmasRow): Promise<string[]> {
    if (chapter.lemmas && chapter.cachedKey === chapter.transcriptKey) return chapter.lemmas;
    if (chapter.transcriptKey === '') return [];
    let lemmas: string[] = [];
    try {
      const { transcript } = await transcripts.load(chapter.transcriptKey);
      lemmas = [...new Set(lemmasOf(transcript).values())].sort();
    } catch {
      // A missing or invalid transcript teaches no words; it is not an error for progress.
    }
    await vocabulary.saveChapterLemmas(chapter.chapterId, chapter.transcriptKey, lemmas);
    return lemmas;
  }

  /** One read for every completed chapter; only chapters never computed are computed now. */
  async function heardLemmas(userId: string): Promise<Set<string>> {
    const completed = await progress.completedChapterIds(userId);
    const chapters = await vocabulary.chapterLemmas(completed);
    return new Set((await Promise.all(chapters.map(chapterLemmas))).flat());
  }

  /**
   * The one rule for the lemmas a learner knows (decision 067): heard in a completed chapter, or
   * a saved word whose last review was rated Good or Easy.
   */
  async function knownLemmas(userId: string): Promise<Set<string>> {
    const [known, recalled] = await Promise.all([
      heardLemmas(userId),
      vocabulary.wordsLastRatedAtLeast(userId, RECALLED),
    ]);
    for (const word of recalled) {
      const lemma = lemmaOf(word);
      if (lemma) known.add(lemma);
    }
    return known;
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
     * How much of each published story the viewer knows, from its chapters' kept lemmas (a
     * transcript is read only for a chapter whose lemmas were never computed).
     */
    async storyKnowledge(viewer: Viewer & { userId: string }): Promise<StoryKnowledge[]> {
      const { stories: published } = await stories.listStories(viewer);
      const rows = await vocabulary.chapterLemmas(
        published.flatMap((story) => story.chapters.map((chapter) => chapter.id)),
      );
      const [lemmasByChapter, known] = await Promise.all([
        Promise.all(rows.map(async (row) => [row.chapterId, await chapterLemmas(row)] as const)),
        knownLemmas(viewer.userId),
      ]);
      const byChapter = new Map(lemmasByChapter);
      return published.map((story) => ({
        storyId: story.id,
        ...knownShare(
          story.chapters.flatMap((chapter) => byChapter.get(chapter.id) ?? []),
          known,
        ),
      }));
    },
  };
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
