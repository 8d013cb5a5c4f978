import { averageWordsPerStory } from '#shared/contracts/progress';
import type { Transcript } from '#shared/transcript';
import type { Viewer } from '../../lib/viewer.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { ProgressRepository } from './progress.repository.ts';
import type { VocabularyRepository } from './vocabulary.repository.ts';

/** The lemma of a word when it is one of the top-2,000 words, otherwise null. */
export type LemmaOf = (word: string) => string | null;

type ChapterLemmasRow = Awaited<ReturnType<VocabularyRepository['chapterLemmas']>>[number];

/**
 * Words learned (docs/decisions/009): the distinct top-2,000 lemmas heard in completed chapters.
 * Each chapter's lemmas are computed once per transcript file and kept in chapter_vocabulary.
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

  return {
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
      const heard = await heardLemmas(viewer.userId);
      const byWordId = lemmasOf(transcript);
      const newWordIds: string[] = [];
      let known = 0;
      for (const [wordId, lemma] of byWordId) {
        if (heard.has(lemma)) known++;
        else newWordIds.push(wordId);
      }
      const knownPercentage = byWordId.size === 0 ? 0 : Math.round((known / byWordId.size) * 100);
      return { knownPercentage, newWordIds };
    },
  };
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
