import { Link } from 'react-router';
import { ListChecks } from 'lucide-react';
import { buttonClassName, type ButtonVariant } from '#client/components/ui/button';

/**
 * The way to a chapter's comprehension questions (decision 069): the player offers it once the
 * chapter has ended; the questions page says the same title.
 */
export const COMPREHENSION_TITLE = 'Check your understanding';

export const comprehensionLabel = (count: number) =>
  `${COMPREHENSION_TITLE} (${count === 1 ? '1 question' : `${count} questions`})`;

/** The questions page of a chapter (PAGE_PATHS.comprehension). */
export const comprehensionPath = (chapterId: string) =>
  `/questions/${encodeURIComponent(chapterId)}`;

export function ComprehensionLink({
  chapterId,
  count,
  variant = 'primary',
}: {
  chapterId: string;
  count: number;
  variant?: ButtonVariant;
}) {
  return (
    <Link
      to={comprehensionPath(chapterId)}
      className={buttonClassName({ variant, wrap: true, className: 'shrink-0' })}
    >
      <ListChecks aria-hidden="true" className="size-4" />
      {comprehensionLabel(count)}
    </Link>
  );
}
