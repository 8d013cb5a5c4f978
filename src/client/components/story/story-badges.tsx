import { Languages, Lock, Sparkles } from 'lucide-react';
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

export function LanguageBadge({ language }: { language: string }) {
  return (
    <Badge tone="neutral">
      <Languages aria-hidden="true" className="size-3" />
      {language}
    </Badge>
  );
}

/** Shown when a story introduces new words (new_words_count above 0). */
export function NewWordsBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge tone="accent">
      <Sparkles aria-hidden="true" className="size-3" />
      {count} new {count === 1 ? 'word' : 'words'}
    </Badge>
  );
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
