import { RotateCw } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';

/** Tall enough to keep the footer below the fold while stories load: nothing jumps when they come. */
export function StoriesLoading() {
  return <Spinner label="Loading stories..." className="min-h-dvh py-16" />;
}

export function StoriesError({
  onRetry,
  headingLevel,
}: {
  onRetry: () => void;
  headingLevel: 2 | 3;
}) {
  return (
    <Notice
      tone="error"
      title="Error loading content"
      headingLevel={headingLevel}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try Again
        </Button>
      }
    >
      Could not load stories and chapters.
    </Notice>
  );
}

/** Spec: no stories at all, or none matching the search and level filter. */
export function StoriesEmpty({
  headingLevel,
  filtered = false,
}: {
  headingLevel: 2 | 3;
  filtered?: boolean;
}) {
  return (
    <Notice title="No Stories Found" headingLevel={headingLevel}>
      {filtered
        ? 'Try adjusting your search terms'
        : 'No content available yet. The developer needs to add stories and chapters.'}
    </Notice>
  );
}
