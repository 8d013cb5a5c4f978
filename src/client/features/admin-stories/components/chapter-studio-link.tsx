import { Link } from 'react-router';
import { AudioWaveform } from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';
import { chapterReviewPath, chapterStudioPath } from '../utils/story-links';

/**
 * A chapter's way to the studio from the dashboard: "Open in Studio", or "Review in Studio" for
 * its review mode (decision 047). Its accessible name says which chapter.
 */
export function ChapterStudioLink({
  chapter,
  review = false,
}: {
  chapter: { id: string; title: string };
  review?: boolean;
}) {
  const label = review ? 'Review in Studio' : 'Open in Studio';
  return (
    <Link
      to={review ? chapterReviewPath(chapter.id) : chapterStudioPath(chapter.id)}
      aria-label={`${label}: ${chapter.title}`}
      className={buttonClassName({ variant: 'secondary', size: 'sm' })}
    >
      <AudioWaveform aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
