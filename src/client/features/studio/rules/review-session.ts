import type { Transcript, TranscriptSegment } from '#shared/transcript';
import { clearSentenceDoubt, clearWordDoubt } from './doubtful';
import { glossChoices } from './gloss-choices';
import { timingDoubtReason } from './labels';
import type { ReviewCommand } from './review-keys';
import {
  glossLayout,
  nextWaitingPosition,
  numberedWords,
  reviewQueue,
  segmentIndexOf,
  sentenceWaiting,
  sentenceWaits,
  stillWaiting,
  type GlossLayout,
  type TimingDoubt,
} from './review-queue';
import { approveSentence, setGloss, setTranslation } from './transcript-edits';

/**
 * A review, step by step (decision 047): which sentence is shown, what is open on it, and what a
 * command does to the session and the transcript. Pure, so the whole key flow is tested without
 * a browser; the hook (use-review.ts) applies the transcript change through the editor.
 */

/** What is open on the sentence: its translation being edited, or a gloss's other senses. */
export type ReviewPanel = null | { kind: 'translation' } | { kind: 'gloss'; word: number };

export interface ReviewSession {
  /** The sentences of this review, by id (reviewQueue when it started). */
  queue: readonly string[];
  /** The place in the queue shown; queue.length is the summary that ends the stream. */
  position: number;
  /** Counts arrivals: a new visit focuses the sentence and plays it. */
  visit: number;
  panel: ReviewPanel;
  /**
   * Enter was pressed on this visit but something still waits (a missing translation or gloss,
   * a doubtful timing): once nothing does, the review moves on by itself.
   */
  approving: boolean;
  /** The numbered glosses of this visit. */
  layout: GlossLayout;
  /** Sentences approved in this review (automatic saves count them). */
  approved: number;
  /** What the last step did, for the live region. */
  announcement: string;
}

export type ReviewAction =
  | Exclude<ReviewCommand, { type: 'replay' } | { type: 'save' } | { type: 'type-gloss' }>
  /** The translation editor's Enter (or its Keep button). */
  | { type: 'keep-translation'; text: string }
  /** A gloss picked with the mouse or typed. */
  | { type: 'set-gloss'; word: number; text: string }
  /** From the summary: review what still waits, from its first sentence. */
  | { type: 'restart' };

export interface ReviewStep {
  session: ReviewSession;
  /** The transcript edit the step makes, if any (applied by the editor, so Save and undo see it). */
  change?: (transcript: Transcript) => Transcript;
}

const emptyLayout: GlossLayout = { check: [], obvious: [], approved: [] };
const quoted = (text: string) => `“${text}”`;

/** The sentence at a place of the queue, and its index in the transcript. */
export function sentenceAt(
  transcript: Transcript,
  session: Pick<ReviewSession, 'queue' | 'position'>,
): { index: number; segment: TranscriptSegment } | null {
  const id = session.queue[session.position];
  if (id === undefined) return null;
  const index = segmentIndexOf(transcript, id);
  const segment = transcript.segments[index];
  return segment ? { index, segment } : null;
}

function arrive(
  session: ReviewSession,
  transcript: Transcript,
  position: number,
  before = '',
): ReviewSession {
  const moved = { ...session, position };
  const here = sentenceAt(transcript, moved);
  const prefix = before ? `${before} ` : '';
  let announcement: string;
  if (here) {
    announcement = `${prefix}Sentence ${here.index + 1}, ${position + 1} of ${session.queue.length}: ${here.segment.text}`;
  } else {
    const left = transcript.segments.filter(sentenceWaits).length;
    announcement = `${prefix}${
      left === 0
        ? 'Nothing left to review.'
        : `End of the review: ${left === 1 ? '1 sentence still waits' : `${left} sentences still wait`}.`
    }`;
  }
  return {
    ...moved,
    visit: session.visit + 1,
    panel: null,
    approving: false,
    layout: here ? glossLayout(here.segment) : emptyLayout,
    announcement,
  };
}

/** A new review of what waits now, from its first sentence. */
export function startReview(transcript: Transcript, approved = 0): ReviewSession {
  const empty: ReviewSession = {
    queue: reviewQueue(transcript),
    position: 0,
    visit: 0,
    panel: null,
    approving: false,
    layout: emptyLayout,
    approved,
    announcement: '',
  };
  return arrive(empty, transcript, 0);
}

function doubtName(segment: TranscriptSegment, doubt: TimingDoubt) {
  return doubt.kind === 'word'
    ? `The timing of ${quoted(segment.words[doubt.word]!.text)}`
    : 'The sentence’s timing';
}

/** Why, when the aligner said why (a sentence's doubt, or a word's from before, says no more). */
const doubtReason = (doubt: TimingDoubt) =>
  doubt.kind === 'word' && doubt.reason ? `${timingDoubtReason(doubt.reason)}. ` : '';

/**
 * After a step that changed the sentence. While approving (Enter was pressed): move on once
 * nothing waits in it, otherwise open, or name, what still does. Otherwise stay.
 */
function followUp(
  session: ReviewSession,
  after: Transcript,
  index: number,
  done: string,
): ReviewSession {
  const segment = after.segments[index]!;
  if (!session.approving) {
    const hint = sentenceWaits(segment) ? '' : ' Nothing else waits here: Enter goes on.';
    return { ...session, panel: null, announcement: `${done}${hint}`.trim() };
  }
  const rest = stillWaiting(segment);
  if (!rest) {
    return arrive(
      session,
      after,
      nextWaitingPosition(after, session.queue, session.position),
      done,
    );
  }
  const lead = done ? `${done} ` : '';
  switch (rest.kind) {
    case 'translation':
      return {
        ...session,
        panel: { kind: 'translation' },
        announcement: `${lead}Sentence ${index + 1} has no translation: type one, then Enter.`,
      };
    case 'gloss':
      return {
        ...session,
        panel: { kind: 'gloss', word: rest.word },
        announcement: `${lead}${quoted(segment.words[rest.word]!.text)} has no gloss: choose a sense or type one.`,
      };
    case 'timing':
      return {
        ...session,
        panel: null,
        announcement: `${lead}${doubtName(segment, rest.doubt)} is doubtful: ${doubtReason(rest.doubt)}T accepts it.`,
      };
  }
}

function edited(
  session: ReviewSession,
  transcript: Transcript,
  index: number,
  change: (transcript: Transcript) => Transcript,
  done: string,
): ReviewStep {
  const after = change(transcript);
  return { session: followUp(session, after, index, done), change };
}

export function reviewStep(
  session: ReviewSession,
  transcript: Transcript,
  action: ReviewAction,
): ReviewStep {
  const last = session.queue.length;
  switch (action.type) {
    case 'previous':
      return session.position === 0
        ? { session: { ...session, announcement: 'This is the first sentence of the review.' } }
        : { session: arrive(session, transcript, session.position - 1) };
    case 'next':
      return session.position >= last
        ? { session }
        : { session: arrive(session, transcript, session.position + 1) };
    case 'restart':
      return { session: startReview(transcript, session.approved) };
    case 'close':
      return { session: { ...session, panel: null, approving: false, announcement: '' } };
    default:
      break;
  }

  const here = sentenceAt(transcript, session);
  if (!here) return { session };
  const { index, segment } = here;

  switch (action.type) {
    case 'approve': {
      const waited = sentenceWaits(segment);
      const change = (value: Transcript) => approveSentence(value, index);
      const after = change(transcript);
      const approving: ReviewSession = {
        ...session,
        approving: true,
        approved: session.approved + (waited ? 1 : 0),
      };
      const done = waited ? `Sentence ${index + 1} approved.` : '';
      return { session: followUp(approving, after, index, done), change };
    }
    case 'edit-translation':
      return { session: { ...session, panel: { kind: 'translation' }, announcement: '' } };
    case 'keep-translation':
      if (!action.text.trim()) {
        return { session: { ...session, announcement: 'Type a translation, or press Esc.' } };
      }
      return edited(
        { ...session, panel: null },
        transcript,
        index,
        (value) => setTranslation(value, index, action.text),
        'Translation kept.',
      );
    case 'gloss': {
      const word = numberedWords(session.layout)[action.number - 1];
      if (word === undefined) {
        return {
          session: { ...session, announcement: `There is no gloss ${action.number} here.` },
        };
      }
      return {
        session: {
          ...session,
          panel: { kind: 'gloss', word },
          announcement: `Other senses of ${quoted(segment.words[word]!.text)}.`,
        },
      };
    }
    case 'choose': {
      if (session.panel?.kind !== 'gloss') return { session };
      const word = session.panel.word;
      const current = segment.words[word];
      const choice = current
        ? glossChoices(current.text, current.gloss)[action.number - 1]
        : undefined;
      if (!current || !choice) return { session };
      return edited(
        session,
        transcript,
        index,
        (value) => setGloss(value, index, word, choice.gloss),
        `Gloss of ${quoted(current.text)}: ${choice.gloss}.`,
      );
    }
    case 'set-gloss': {
      const current = segment.words[action.word];
      if (!current || !action.text.trim()) return { session };
      return edited(
        session,
        transcript,
        index,
        (value) => setGloss(value, index, action.word, action.text),
        `Gloss of ${quoted(current.text)}: ${action.text.trim()}.`,
      );
    }
    case 'accept-timing': {
      const doubt = sentenceWaiting(segment).doubts[0];
      if (!doubt) {
        return { session: { ...session, announcement: 'No doubtful timing in this sentence.' } };
      }
      const change =
        doubt.kind === 'word'
          ? (value: Transcript) => clearWordDoubt(value, { segment: index, word: doubt.word })
          : (value: Transcript) => clearSentenceDoubt(value, index);
      return edited(session, transcript, index, change, `${doubtName(segment, doubt)} accepted.`);
    }
  }
}
