import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { PracticeItem } from '#shared/practice/items';
import { verdictCountsRight } from '#shared/practice/grade';
import { withReturnPath } from '#shared/return-path';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import type { ItemResult } from '../item-grading';
import { practiceTexts } from '../practice-texts';

const texts = practiceTexts.end;

/** What an exercise asked, in words: the phrase of a dictation, the blanks missed, the word heard. */
export function askedOf(item: PracticeItem, result: ItemResult | undefined): string {
  if (item.kind === 'dictation') return item.words.map((word) => word.text).join(' ');
  if (item.kind === 'word-in-audio') return item.answer;
  const missed = item.blanks.filter((_, index) => {
    const verdict = result?.kind === 'cloze' ? result.blanks[index]?.verdict : undefined;
    return verdict === undefined || !verdictCountsRight(verdict);
  });
  return missed.map((blank) => blank.answer).join(', ');
}

export interface PracticeEndProps {
  items: readonly PracticeItem[];
  results: readonly ItemResult[];
  /** A signed-in learner: what was missed went to their review. */
  signedIn: boolean;
  /** The device was offline when the set ended: the misses wait to be sent. */
  offline: boolean;
  /** This page's address, where a visitor comes back after signing in. */
  returnPath: string;
  chapterId: string;
  onAgain: () => void;
}

/** The score, what was missed (in review for a learner) and the ways on. */
export function PracticeEnd({
  items,
  results,
  signedIn,
  offline,
  returnPath,
  chapterId,
  onAgain,
}: PracticeEndProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const right = results.filter((result) => result.correct).length;
  const missed = items.flatMap((item, index) =>
    results[index]?.correct ? [] : [{ item, result: results[index] }],
  );

  return (
    <Card className="space-y-6 p-5 sm:p-8" data-testid="practice-end">
      <div>
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          {texts.heading}
        </h2>
        <p className="mt-2 text-lg" data-testid="practice-score">
          {texts.score(right, items.length)}
        </p>
      </div>

      {missed.length === 0 ? (
        <p className="text-ink-muted">{texts.noneMissed}</p>
      ) : (
        <section aria-labelledby="practice-missed" className="space-y-3">
          <h3 id="practice-missed" className="text-lg font-semibold">
            {texts.missedHeading}
          </h3>
          <ul className="divide-y divide-line rounded-xl border border-line">
            {missed.map(({ item, result }) => (
              <li key={item.id} className="space-y-1 px-4 py-3" data-testid="practice-missed-item">
                <p className="text-sm text-ink-muted">
                  {texts.asked[item.kind]}:{' '}
                  <strong lang="es" className="font-semibold text-ink">
                    {askedOf(item, result)}
                  </strong>
                </p>
                <p lang="es" className="font-serif text-lg">
                  {item.line}
                </p>
                {signedIn ? (
                  <p className="text-sm font-medium text-level-beginner-ink">
                    {offline ? texts.addedWhenOnline : texts.addedToReview}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      )}

      {signedIn ? null : (
        <Notice
          title={texts.signInTitle}
          headingLevel={3}
          action={
            <Link
              to={withReturnPath('/auth', returnPath)}
              className={buttonClassName({ size: 'sm' })}
            >
              {texts.signInAction}
            </Link>
          }
        >
          {texts.signIn}
        </Notice>
      )}

      <div className="flex flex-wrap gap-3">
        <Button onClick={onAgain}>{texts.again}</Button>
        <Link to={`/player/${chapterId}`} className={buttonClassName({ variant: 'secondary' })}>
          {practiceTexts.backToChapter}
        </Link>
        {signedIn ? (
          <Link to="/review" className={buttonClassName({ variant: 'secondary' })}>
            {texts.toReview}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
