import { RotateCw } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';

export function StoriesLoading() {
  return <Spinner label="Loading stories..." className="py-16" />;
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

export function StoriesEmpty({ headingLevel }: { headingLevel: 2 | 3 }) {
  return (
    <Notice title="No Stories Found" headingLevel={headingLevel}>
      No content available yet. The developer needs to add stories and chapters.
    </Notice>
  );
}
