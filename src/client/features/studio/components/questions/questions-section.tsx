import { useId } from 'react';
import { COMPREHENSION_LIMITS } from '#shared/contracts/comprehension';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { useChapterQuestions } from '../../api/get-chapter-questions';
import type { QuestionLine } from './question-card';
import { QuestionsForm } from './questions-form';

export interface QuestionsSectionProps {
  chapterId: string;
  /** The chapter's transcript lines (its saved version): a question may name one. */
  lines: readonly QuestionLine[];
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * "Comprehension questions" of the studio (decision 069): up to ten multiple-choice questions
 * learners may answer after the chapter, saved with the working copy like every other change.
 */
export function QuestionsSection({ chapterId, lines, onDirtyChange }: QuestionsSectionProps) {
  const headingId = useId();
  const questions = useChapterQuestions(chapterId);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          Comprehension questions
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Up to {COMPREHENSION_LIMITS.questions} multiple-choice questions learners may answer after
          the chapter. A wrong answer can play the line that answers it.
        </p>
      </div>
      {questions.isPending ? (
        <Spinner label="Loading the questions..." className="justify-start py-3" />
      ) : questions.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-accent-ink">
          The questions could not be loaded.
          <Button variant="secondary" size="sm" onClick={() => void questions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <QuestionsForm
          chapterId={chapterId}
          saved={questions.data}
          lines={lines}
          onDirtyChange={onDirtyChange}
        />
      )}
    </section>
  );
}
