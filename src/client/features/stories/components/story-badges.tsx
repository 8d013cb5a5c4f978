import { Lock } from 'lucide-react';
import type { StoryLevel } from '#shared/contracts/stories';
import { Badge, type BadgeTone } from '#client/components/ui/badge';

const levelTones: Record<StoryLevel, BadgeTone> = {
  Beginner: 'beginner',
  Intermediate: 'intermediate',
  Advanced: 'advanced',
};

export function LevelBadge({ level }: { level: StoryLevel }) {
  return <Badge tone={levelTones[level] ?? 'neutral'}>{level}</Badge>;
}

/** Shown on stories that need a free account. */
export function LoginRequiredBadge() {
  return (
    <Badge tone="neutral">
      <Lock aria-hidden="true" className="size-3" />
      Login Required
    </Badge>
  );
}
