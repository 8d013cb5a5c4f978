import { useId } from 'react';
import { Link } from 'react-router';
import { Dumbbell } from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useRecentChapters } from '#client/lib/api/progress/get-recent-chapters';
import { DAILY_SET_SIZE, practicePath } from '../practice-seed';
import { practiceTexts } from '../practice-texts';

const texts = practiceTexts.dailyCard;

/**
 * On /review, before the due cards (issue 25): a short set from the chapter the learner listened
 * to last, finished or not (the card says which), for a chapter that can be practised. Nothing
 * shows when there is none, or while the list is unknown.
 */
export function DailyPracticeCard() {
  const headingId = useId();
  const recent = useRecentChapters(true);
  const chapter = recent.data?.find((candidate) => candidate.hasAudio && candidate.hasTranscript);
  if (!chapter) return null;
  return (
    <section aria-labelledby={headingId}>
      <Card
        className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        data-testid="daily-practice"
      >
        <div className="space-y-1">
          <h2 id={headingId} className="text-xl font-semibold">
            {texts.heading}
          </h2>
          <p>{texts.from(chapter.title, chapter.story.title, chapter.completed)}</p>
          <p className="text-ink-muted">{texts.lead(DAILY_SET_SIZE)}</p>
        </div>
        <Link
          to={practicePath(chapter.id, 'daily')}
          className={buttonClassName({ className: 'shrink-0' })}
        >
          <Dumbbell aria-hidden="true" className="size-4" />
          {texts.start}
        </Link>
      </Card>
    </section>
  );
}
