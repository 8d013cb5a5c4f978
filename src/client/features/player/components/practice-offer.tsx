import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Dumbbell } from 'lucide-react';
import { ComprehensionLink } from '#client/components/story/comprehension-link';
import { buttonClassName } from '#client/components/ui/button';

export const practiceOfferTexts = {
  heading: 'You finished this chapter',
  lead: 'Practise what you just heard: about ten short exercises made from its audio.',
  action: 'Practise this chapter',
} as const;

/**
 * Under the transcript once the chapter has ended (issue 25): the way to its exercises, and to
 * its comprehension questions when an administrator wrote some (decision 069). Brought into view
 * (the learner's eyes are on the last lines) and announced, without taking the focus.
 */
export function PracticeOffer({
  chapterId,
  questionCount,
}: {
  chapterId: string;
  /** The chapter's published comprehension questions. */
  questionCount: number;
}) {
  const section = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    // A block, not an expression: Chromium's scrollIntoView now returns a promise, which React
    // would take for a clean-up function.
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-line bg-surface px-5 py-4 shadow-sm"
      data-testid="practice-offer"
    >
      {/* The words keep a readable width: with two ways on, the buttons go under them. */}
      <div role="status" className="min-w-[16rem] flex-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {practiceOfferTexts.heading}
        </h2>
        <p className="text-ink-muted">{practiceOfferTexts.lead}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        {questionCount > 0 ? (
          <ComprehensionLink chapterId={chapterId} count={questionCount} variant="secondary" />
        ) : null}
        <Link to={`/practice/${chapterId}`} className={buttonClassName({ className: 'shrink-0' })}>
          <Dumbbell aria-hidden="true" className="size-4" />
          {practiceOfferTexts.action}
        </Link>
      </div>
    </section>
  );
}
