import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { StoriesDashboard } from './stories-dashboard';
import { StoryWizard } from './wizard/story-wizard';

type Mode = { kind: 'dashboard' } | { kind: 'create' } | { kind: 'edit'; storyId: string };

/** Content management, Stories tab: the dashboard, or the story wizard to create or edit. */
export function StoriesTab() {
  const [mode, setMode] = useState<Mode>({ kind: 'dashboard' });
  const backToDashboard = () => setMode({ kind: 'dashboard' });

  if (mode.kind === 'dashboard') {
    return (
      <StoriesDashboard
        onCreate={() => setMode({ kind: 'create' })}
        onEdit={(storyId) => setMode({ kind: 'edit', storyId })}
      />
    );
  }
  return (
    <div className="space-y-6">
      <Button variant="secondary" size="sm" onClick={backToDashboard}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Button>
      <StoryWizard
        // A new wizard per story (or per new story): no state carried over from another one.
        key={mode.kind === 'edit' ? mode.storyId : 'create'}
        storyId={mode.kind === 'edit' ? mode.storyId : undefined}
        onDone={backToDashboard}
      />
    </div>
  );
}
