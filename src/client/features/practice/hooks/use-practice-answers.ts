import { useCallback } from 'react';
import type { PracticeAnswer } from '#shared/contracts/practice';
import { getSyncEngine } from '#client/lib/sync/sync-engines';
import { practiceAnswerSync } from '../answer-sync';

/**
 * Records a signed-in learner's answers through the learner-sync engine (decision 057): kept in
 * localStorage before anything is sent, sent in batches, retried, and sent from any page if this
 * one closes first. A visitor's answers stay on the screen: nothing is sent.
 */
export function usePracticeAnswers(userId: string | null) {
  return useCallback(
    (answers: readonly PracticeAnswer[]) => {
      if (!userId) return;
      const engine = getSyncEngine(userId);
      for (const answer of answers) engine.add(practiceAnswerSync, answer);
    },
    [userId],
  );
}
