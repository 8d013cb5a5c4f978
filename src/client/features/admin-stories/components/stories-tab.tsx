import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { UnsavedChangesDialog } from '#client/components/ui/unsaved-changes-dialog';
import { useLeaveGuard } from '#client/lib/use-leave-guard';
import { StoriesDashboard } from './stories-dashboard';
import { StoryWizard } from './wizard/story-wizard';

type Mode = { kind: 'dashboard' } | { kind: 'create' } | { kind: 'edit'; storyId: string };

/**
 * Content management, Stories tab: the dashboard, or the story wizard to create or edit. Leaving
 * a wizard with unsaved changes ('Back to Dashboard', a link, Back, closing the tab) asks first:
 * files uploaded in it would otherwise be left attached to nothing.
 */
export function StoriesTab() {
  const [mode, setMode] = useState<Mode>({ kind: 'dashboard' });
  const [unsaved, setUnsaved] = useState(false);
  const guard = useLeaveGuard(mode.kind !== 'dashboard' && unsaved);
  const backToDashboard = () => {
    setUnsaved(false);
    setMode({ kind: 'dashboard' });
  };

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
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => guard.attempt(backToDashboard)}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </Button>
        {/* Why leaving asks: said where it can be seen, not announced at every first keystroke. */}
        {unsaved ? <span className="text-sm text-ink-muted">Unsaved changes</span> : null}
      </div>
      <StoryWizard
        // A new wizard per story (or per new story): no state carried over from another one.
        key={mode.kind === 'edit' ? mode.storyId : 'create'}
        storyId={mode.kind === 'edit' ? mode.storyId : undefined}
        onUnsavedChange={setUnsaved}
        onDone={backToDashboard}
      />
      <UnsavedChangesDialog
        guard={guard}
        description={
          mode.kind === 'edit'
            ? 'Your changes to this story are not saved; they will be lost.'
            : 'This new story is not saved; it will be lost.'
        }
      />
    </div>
  );
}
