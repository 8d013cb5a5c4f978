import { storyProgressLabel, type StoryProgress } from '#shared/discover/story-progress';
import { Badge } from '#client/components/ui/badge';
import { ProgressBar } from './progress-bar';

/** 'Complete' / 'In Progress' / 'Not Started', the overall percentage and chapters completed. */
export function StoryProgressSummary({
  progress,
  storyTitle,
}: {
  progress: StoryProgress;
  storyTitle: string;
}) {
  const label = storyProgressLabel(progress);
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
        <Badge
          tone={label === 'Complete' ? 'beginner' : label === 'In Progress' ? 'accent' : 'neutral'}
        >
          {label}
        </Badge>
        <span>{progress.overallProgress}%</span>
        <span>
          {progress.completedChapters}/{progress.totalChapters} chapters completed
        </span>
      </p>
      <ProgressBar value={progress.overallProgress} label={`Progress of ${storyTitle}`} />
    </div>
  );
}
