import { randomUUID } from 'node:crypto';
import type {
  Placement,
  PlacementAnswersBody,
  PlacementClozeAnswer,
  PlacementClozeItem,
  PlacementTest,
} from '#shared/contracts/placement';
import { storyLevels, type StoryLevel } from '#shared/contracts/stories';
import { bareWord } from '#shared/practice/word-choice';
import { seededRandom, shuffled } from '#shared/practice/random';
import type { Transcript } from '#shared/transcript';
import { AppError, rateLimited } from '../../lib/errors.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { SignedInViewer } from '../../lib/viewer.ts';
import type { VocabularyService } from '../progress/vocabulary.service.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { frequencyBands } from './frequency-bands.ts';
import { assumedKnownLemmas, startingLevel, type LevelScore } from './placement-scoring.ts';
import { CLOZE_PER_LEVEL, placementClozeItems, wordSample } from './placement-test.ts';
import type { PlacementRepository, PlacementRow } from './placement.repository.ts';
import { PSEUDO_WORDS } from './pseudo-words.ts';

const pseudoWords = new Set(PSEUDO_WORDS);

export const placementMessages = {
  rateLimited: 'Too many placement tests at once. Please try again in a few minutes.',
} as const;

/**
 * A test reads every published transcript, so making and scoring tests is counted: a learner
 * takes one in 3–5 minutes, and a retake or two after a failed load stay far below the limit.
 */
export const placementRateRule: RateLimitRule = {
  action: 'placement',
  limit: 20,
  windowMs: 10 * 60_000,
};

interface Requester {
  viewer: SignedInViewer;
  origin: RequestOrigin;
}

/** A chapter the learner can no longer open (unpublished, removed) asks and scores nothing. */
const isMissing = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

const hasAudioAndTranscript = (chapter: { audioFileId: string; transcriptFileId: string }) =>
  chapter.audioFileId !== '' && chapter.transcriptFileId !== '';

const folded = (word: string) => word.trim().toLocaleLowerCase('es');

const placementOf = (row: PlacementRow): Placement => ({
  level: row.level,
  knownWordsEstimate: row.knownLemmas.length,
  siteWords: row.siteWords,
  levels: row.levels,
  takenAt: row.takenAt.toISOString(),
});

/**
 * Placement (decision 071): a test made fresh from the published stories, scored on the server
 * from the published transcripts, kept one per learner.
 */
export function createPlacementService(deps: {
  placements: PlacementRepository;
  stories: Pick<StoriesService, 'listStories' | 'getTranscript'>;
  vocabulary: Pick<VocabularyService, 'publishedLemmaUse'>;
  limiter: RateLimiter;
}) {
  const { placements, stories, vocabulary, limiter } = deps;

  async function countAttempt({ viewer, origin }: Requester) {
    const verdict = await limiter.hit(placementRateRule, viewer.userId, origin);
    if (!verdict.allowed) {
      throw rateLimited(placementMessages.rateLimited, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }

  /** A chapter's transcript and story level, or null when the learner cannot open it. */
  async function chapterText(viewer: SignedInViewer, chapterId: string) {
    try {
      const { transcript, story } = await stories.getTranscript(viewer, chapterId);
      return { transcript, level: story.level };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Up to CLOZE_PER_LEVEL items from a level's chapters (in the order given): one from each
   * chapter first, more from the same chapters only when the level has fewer. Transcripts are
   * read only until enough chapters gave items.
   */
  async function levelItems(viewer: SignedInViewer, chapterIds: string[], seed: string) {
    const perChapter: PlacementClozeItem[][] = [];
    for (const chapterId of chapterIds) {
      if (perChapter.length >= CLOZE_PER_LEVEL) break;
      const text = await chapterText(viewer, chapterId);
      if (!text) continue;
      const source = { segments: text.transcript.segments, level: text.level };
      const items = placementClozeItems(chapterId, source, `${seed}:${chapterId}`);
      if (items.length > 0) perChapter.push(items);
    }
    const picked: PlacementClozeItem[] = [];
    for (let round = 0; picked.length < CLOZE_PER_LEVEL; round++) {
      const next = perChapter.flatMap((items) => items[round] ?? []);
      if (next.length === 0) break;
      picked.push(...next.slice(0, CLOZE_PER_LEVEL - picked.length));
    }
    return picked;
  }

  /** Blanks right of those asked, per level, from the published transcripts. */
  async function clozeScores(
    viewer: SignedInViewer,
    answers: readonly PlacementClozeAnswer[],
  ): Promise<LevelScore[]> {
    const byChapter = new Map<string, Map<string, PlacementClozeAnswer>>();
    for (const answer of answers) {
      const chapter = byChapter.get(answer.chapterId) ?? new Map<string, PlacementClozeAnswer>();
      const key = `${answer.segmentId}\u0000${answer.wordId}`;
      // The first answer about a blank counts; a repeat is ignored.
      if (!chapter.has(key)) chapter.set(key, answer);
      byChapter.set(answer.chapterId, chapter);
    }
    const scores = new Map<StoryLevel, LevelScore>();
    for (const [chapterId, chapterAnswers] of byChapter) {
      const text = await chapterText(viewer, chapterId);
      if (!text) continue;
      const score = scores.get(text.level) ?? { level: text.level, right: 0, asked: 0 };
      for (const answer of chapterAnswers.values()) {
        const word = wordOf(text.transcript, answer);
        if (!word) continue;
        score.asked++;
        if (answer.choice !== null && folded(answer.choice) === folded(bareWord(word))) {
          score.right++;
        }
      }
      scores.set(text.level, score);
    }
    return storyLevels.flatMap((level) => {
      const score = scores.get(level);
      return score && score.asked > 0 ? [score] : [];
    });
  }

  return {
    async test(requester: Requester): Promise<PlacementTest> {
      await countAttempt(requester);
      const { viewer } = requester;
      const seed = randomUUID();
      const random = seededRandom(seed);
      const [{ stories: published }, use] = await Promise.all([
        stories.listStories(viewer),
        vocabulary.publishedLemmaUse(viewer),
      ]);
      const cloze: PlacementClozeItem[] = [];
      for (const level of storyLevels) {
        const chapterIds = published
          .filter((story) => story.level === level)
          // Its clips play from the chapter's audio: a chapter without audio asks nothing.
          .flatMap((story) => story.chapters.filter(hasAudioAndTranscript))
          .map((chapter) => chapter.id);
        cloze.push(...(await levelItems(viewer, shuffled(chapterIds, random), seed)));
      }
      return { cloze, words: wordSample(frequencyBands(use), PSEUDO_WORDS, random) };
    },

    async take(requester: Requester, body: PlacementAnswersBody): Promise<Placement> {
      await countAttempt(requester);
      const { viewer } = requester;
      const [use, levels] = await Promise.all([
        vocabulary.publishedLemmaUse(viewer),
        clozeScores(viewer, body.cloze),
      ]);
      const answers = new Map<string, boolean>();
      for (const { word, known } of body.words) {
        if (!answers.has(folded(word))) answers.set(folded(word), known);
      }
      const row = await placements.save({
        userId: viewer.userId,
        level: startingLevel(levels),
        knownLemmas: assumedKnownLemmas(frequencyBands(use), answers, pseudoWords),
        siteWords: use.size,
        levels,
        takenAt: new Date(),
      });
      return placementOf(row);
    },

    async get(userId: string): Promise<Placement | null> {
      const row = await placements.find(userId);
      return row ? placementOf(row) : null;
    },
  };
}

/** The text of the word an answer is about, when the line and word are in the transcript. */
function wordOf(transcript: Transcript, { segmentId, wordId }: PlacementClozeAnswer) {
  const segment = transcript.segments.find((candidate) => candidate.id === segmentId);
  return segment?.words.find((word) => word.id === wordId)?.text ?? null;
}

export type PlacementService = ReturnType<typeof createPlacementService>;
