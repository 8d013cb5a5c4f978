import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Transcript } from '#shared/transcript';
import { reviewCommand, type KeyContext } from '../rules/review-keys';
import {
  reviewStep,
  sentenceAt,
  startReview,
  type ReviewAction,
  type ReviewSession,
} from '../rules/review-session';
import { keyTargetOf } from './key-target';
import type { PlayingSpan } from './use-span-player';

/** Review mode saves by itself after this many approved sentences, and at the end of the stream. */
export const AUTOSAVE_EVERY = 10;

/** The span key review mode plays a sentence under (its play button shows it as pressed). */
export const reviewPlayKey = (segmentId: string) => `review:${segmentId}`;

export interface ReviewSaving {
  dirty: boolean;
  saving: boolean;
  /** A refused save is on screen (a conflict, the server's refusal): no automatic retry. */
  blocked: boolean;
  save: () => void;
}

export interface UseReviewOptions {
  transcript: Transcript;
  edit: (change: (transcript: Transcript) => Transcript) => void;
  play: (span: PlayingSpan) => void;
  stop: () => void;
  saving: ReviewSaving;
}

function contextOf(session: ReviewSession): KeyContext {
  if (session.position >= session.queue.length) return 'summary';
  if (session.panel?.kind === 'gloss') return 'choosing';
  if (session.panel?.kind === 'translation') return 'editing';
  return 'sentence';
}

/**
 * A review in progress (decision 047): the session (rules/review-session.ts), its keys on the
 * whole page (not while typing in a field or inside a dialog), replay, and saving — by the S key,
 * and by itself every AUTOSAVE_EVERY approved sentences and at the end.
 */
export function useReview({ transcript, edit, play, stop, saving }: UseReviewOptions) {
  const [session, setSession] = useState(() => startReview(transcript));
  /** A letter pressed while choosing a gloss: the chooser starts one's own gloss with it. */
  const [typed, setTyped] = useState<{ text: string; id: number } | null>(null);
  const latest = useRef({ session, transcript, saving });
  useLayoutEffect(() => {
    latest.current = { session, transcript, saving };
  });

  const replay = useCallback(() => {
    const here = sentenceAt(latest.current.transcript, latest.current.session);
    if (!here) return;
    play({ key: reviewPlayKey(here.segment.id), start: here.segment.start, end: here.segment.end });
  }, [play]);

  /** The visit whose sentence was started: each arrival plays it once. */
  const playedVisit = useRef<number | null>(null);
  const playOnArrival = useCallback(() => {
    const { visit } = latest.current.session;
    if (playedVisit.current === visit) return;
    playedVisit.current = visit;
    replay();
  }, [replay]);

  const dispatch = useCallback(
    (action: ReviewAction) => {
      const current = latest.current;
      const step = reviewStep(current.session, current.transcript, action);
      if (step.change) edit(step.change);
      const arrives = step.session.visit !== current.session.visit;
      // A second key before the next render sees this step's session.
      current.session = step.session;
      if (step.change) current.transcript = step.change(current.transcript);
      setSession(step.session);
      // The next sentence starts playing in the render that shows it: started from the arrival's
      // layout effect, its playing state would render the whole editor a second time before the
      // paint, and a key would wait for both (measured by bench/review-throughput.ts).
      if (arrives) playOnArrival();
    },
    [edit, playOnArrival],
  );

  const savedAt = useRef(session.approved);
  const saveNow = useCallback(() => {
    const { dirty, saving: pending, save } = latest.current.saving;
    if (!dirty || pending) return;
    savedAt.current = latest.current.session.approved;
    save();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"]')) return;
      const command = reviewCommand(
        event,
        keyTargetOf(event.target),
        contextOf(latest.current.session),
      );
      if (!command) return;
      event.preventDefault();
      switch (command.type) {
        case 'replay':
          replay();
          break;
        case 'save':
          saveNow();
          break;
        case 'type-gloss':
          setTyped((previous) => ({ text: command.text, id: (previous?.id ?? 0) + 1 }));
          break;
        default:
          dispatch(command);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch, replay, saveNow]);

  // Saved by itself every few approvals and at the end, so an hour's review is never lost.
  const atEnd = session.position >= session.queue.length;
  useEffect(() => {
    const due =
      session.approved - savedAt.current >= AUTOSAVE_EVERY ||
      (atEnd && session.approved > savedAt.current);
    if (!due || !saving.dirty || saving.saving || saving.blocked) return;
    savedAt.current = session.approved;
    // After the next sentence is painted (a frame, then a task): sending a chapter's transcript
    // takes a moment, which the key that led here should not wait for.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const now = latest.current.saving;
        if (now.dirty && !now.saving && !now.blocked) now.save();
      }),
    );
  }, [session.approved, atEnd, saving]);

  // Nothing plays over the summary.
  useEffect(() => {
    if (atEnd) stop();
  }, [atEnd, stop]);

  return {
    session,
    here: sentenceAt(transcript, session),
    typed,
    dispatch,
    replay,
    playOnArrival,
    saveNow,
  };
}

export type Review = ReturnType<typeof useReview>;
