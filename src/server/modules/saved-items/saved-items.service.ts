import type {
  ReviewState,
  SaveItemBody,
  SavedItem,
  SavedItemList,
} from '#shared/contracts/saved-items';
import { STORY_LANGUAGE } from '#shared/contracts/translate';
import { englishOfWord } from '#shared/lexicon/index';
import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';
import type { RequestOrigin } from '../../lib/actor.ts';
import { notFound, rateLimited, validationError } from '../../lib/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { SignedInViewer } from '../../lib/viewer.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { TranslateService } from '../translate/translate.service.ts';
import type {
  SavedItemInsert,
  SavedItemRow,
  SavedItemWithContext,
  SavedItemsRepository,
} from './saved-items.repository.ts';

export const savedItemMessages = {
  notFound: 'Saved item not found',
  lineNotFound: 'That line is not in this chapter',
  wordNotFound: 'That word is not in this line',
  badCursor: 'before must be the nextCursor of the previous page',
  rateLimited: 'Too many saves at once. Please wait a moment.',
} as const;

/** Generous for a learner tapping Save while listening; it stops a script filling the table. */
export const saveItemRateRule: RateLimitRule = {
  action: 'save_item',
  limit: 120,
  windowMs: 60_000,
};

/** The chapter audio the player streams (stories.routes.ts), which serves Range requests. */
export const chapterAudioUrl = (chapterId: string) =>
  `/api/chapters/${encodeURIComponent(chapterId)}/audio`;

/** A word as the learner means it: the transcript's token without the punctuation around it. */
const bareWord = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || text;

/** A line of a transcript and, when a word is named, that word of it. */
export interface TranscriptPlace {
  segment: TranscriptSegment;
  word?: TranscriptWord;
}

/**
 * The line (and word) of a transcript a saved item or an exercise names; undefined when the line,
 * or the word in it, is not there.
 */
export function placeInTranscript(
  transcript: Transcript,
  target: { segmentId: string; wordId?: string | undefined },
): TranscriptPlace | undefined {
  const segment = transcript.segments.find((candidate) => candidate.id === target.segmentId);
  if (!segment) return undefined;
  if (target.wordId === undefined) return { segment };
  const word = segment.words.find((candidate) => candidate.id === target.wordId);
  return word ? { segment, word } : undefined;
}

export function reviewStateOf(row: SavedItemRow): ReviewState | null {
  if (!row.due || !row.cardState) return null;
  return {
    due: row.due.toISOString(),
    state: row.cardState,
    stability: row.stability ?? 0,
    difficulty: row.difficulty ?? 0,
    reps: row.reps,
    lapses: row.lapses,
    learningSteps: row.learningSteps,
    scheduledDays: row.scheduledDays,
    lastReview: row.lastReview ? row.lastReview.toISOString() : null,
  };
}

export function toSavedItem(found: SavedItemWithContext): SavedItem {
  const { item } = found;
  return {
    id: item.id,
    kind: item.kind,
    text: item.text,
    sentence: item.sentence,
    sentenceTranslation: item.sentenceTranslation,
    sentenceTranslationByMachine: item.sentenceTranslationByMachine,
    gloss: item.gloss,
    glossByMachine: item.glossByMachine,
    translationLanguage: item.translationLanguage,
    storyId: found.storyId,
    storySlug: found.storySlug,
    storyTitle: found.storyTitle,
    chapterId: item.chapterId,
    chapterTitle: found.chapterTitle,
    segmentId: item.segmentId,
    wordId: item.wordId === '' ? null : item.wordId,
    startSeconds: item.startSeconds,
    endSeconds: item.endSeconds,
    audioUrl: chapterAudioUrl(item.chapterId),
    createdAt: item.createdAt.toISOString(),
    review: reviewStateOf(item),
  };
}

/**
 * Page cursors: the last item's id, opaque to the client. The next page is read after that row's
 * stored creation time (microseconds, which a JavaScript date would round) and id.
 */
const cursorOf = (item: SavedItemRow) => Buffer.from(item.id).toString('base64url');
function parseCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw validationError(savedItemMessages.badCursor);
  }
  return id;
}

interface Requester {
  viewer: SignedInViewer;
  origin: RequestOrigin;
}

/**
 * Saved words and sentences (decision 035): what is saved is copied from the chapter's published
 * transcript, which the learner must be allowed to read (the stories service's rule), so no text
 * comes from the client. A learner sees, finds and deletes only their own items.
 */
export function createSavedItemsService(deps: {
  savedItems: SavedItemsRepository;
  stories: StoriesService;
  translate: Pick<TranslateService, 'machineTranslate'>;
  limiter: RateLimiter;
}) {
  const { savedItems, stories, translate, limiter } = deps;
  const missing = () => notFound(savedItemMessages.notFound);

  /**
   * A word neither the story nor the lexicon glosses: the English the word's popup showed, which
   * a translation service gave (the popup asks for the word as written, so the same cached
   * answer is found), or a service asked now. Null when no service serves this site or none
   * answers: the word is saved without a meaning rather than not saved (issue 23: it was always
   * saved without one, though its popup had shown it).
   */
  async function translatedWord(word: { text: string }): Promise<string | null> {
    return (await translate.machineTranslate(word.text, STORY_LANGUAGE, 'en')).translation;
  }

  async function load(userId: string, id: string): Promise<SavedItem> {
    const found = await savedItems.find(userId, id);
    if (!found) throw missing();
    return toSavedItem(found);
  }

  /**
   * The item that saves this line of a chapter's transcript, or this word of it: text, sentence,
   * translation, gloss and time range copied from the transcript (decision 035).
   */
  async function copyOf(
    userId: string,
    chapterId: string,
    { segment, word }: TranscriptPlace,
  ): Promise<SavedItemInsert> {
    const text = word ? bareWord(word.text) : segment.text;
    // What the story does not give is a machine's: the lexicon's headword, a service's
    // sentence. Either is kept marked, as the story's own unreviewed text is (decision 043).
    const gloss = word ? (word.gloss ?? englishOfWord(text) ?? (await translatedWord(word))) : null;
    const glossByMachine =
      word?.gloss !== undefined ? word.glossSource === 'machine' : gloss !== null;
    const sentenceTranslation =
      segment.translation ??
      (await translate.machineTranslate(segment.text, STORY_LANGUAGE, 'en')).translation;
    const sentenceTranslationByMachine =
      segment.translation !== undefined
        ? segment.translationSource === 'machine'
        : sentenceTranslation !== null;
    return {
      userId,
      kind: word ? 'word' : 'sentence',
      chapterId,
      segmentId: segment.id,
      wordId: word?.id ?? '',
      text,
      sentence: segment.text,
      sentenceTranslation,
      sentenceTranslationByMachine,
      gloss,
      glossByMachine,
      translationLanguage: 'en',
      startSeconds: segment.start,
      endSeconds: Math.max(segment.start, segment.end),
    };
  }

  return {
    copyOf,

    /** Saves a line or a word of it; the same line or word again answers the item saved before. */
    async save(
      { viewer, origin }: Requester,
      body: SaveItemBody,
    ): Promise<{ item: SavedItem; created: boolean }> {
      const verdict = await limiter.hit(saveItemRateRule, viewer.userId, origin);
      if (!verdict.allowed) {
        throw rateLimited(savedItemMessages.rateLimited, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      const { transcript } = await stories.getTranscript(viewer, body.chapterId);
      const place = placeInTranscript(transcript, body);
      if (!place) {
        const lineFound = transcript.segments.some((segment) => segment.id === body.segmentId);
        throw notFound(lineFound ? savedItemMessages.wordNotFound : savedItemMessages.lineNotFound);
      }
      const { id, created } = await savedItems.insertOrFind(
        await copyOf(viewer.userId, body.chapterId, place),
      );
      return { item: await load(viewer.userId, id), created };
    },

    async list(
      viewer: SignedInViewer,
      query: { q?: string; chapterId?: string; limit: number; before?: string },
    ): Promise<SavedItemList> {
      const filter = {
        ...(query.q ? { q: query.q } : {}),
        ...(query.chapterId ? { chapterId: query.chapterId } : {}),
      };
      const before = query.before ? parseCursor(query.before) : undefined;
      const [rows, total] = await Promise.all([
        savedItems.list(viewer.userId, {
          ...filter,
          limit: query.limit + 1,
          ...(before ? { before } : {}),
        }),
        savedItems.countMatching(viewer.userId, filter),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toSavedItem),
        nextCursor: rows.length > query.limit && last ? cursorOf(last.item) : null,
        total,
      };
    },

    /**
     * Afterwards the viewer has no item with this id: one already gone (deleted on another
     * device, a delete queued offline and sent twice) is success too (decision 041). Another
     * learner's item stays, and nothing says whether it exists.
     */
    async remove(viewer: SignedInViewer, id: string): Promise<void> {
      await savedItems.remove(viewer.userId, id);
    },
  };
}

export type SavedItemsService = ReturnType<typeof createSavedItemsService>;
