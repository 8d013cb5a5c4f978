import { useId, useState } from 'react';
import { Switch } from 'radix-ui';
import { Pencil, Trash2 } from 'lucide-react';
import {
  trackingTagPositionLabels,
  trackingTagTypeLabels,
  type AdminTrackingTag,
  type TrackingTagType,
} from '#shared/contracts/admin-tags';
import { Badge, type BadgeTone } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useDeleteTrackingTag } from '../api/delete-tracking-tag';
import { useTrackingTags } from '../api/get-tracking-tags';
import { useUpdateTrackingTag } from '../api/update-tracking-tag';

const typeTones: Record<TrackingTagType, BadgeTone> = {
  gtm: 'accent',
  ga4: 'beginner',
  facebook: 'intermediate',
  custom: 'neutral',
};

export interface TagListProps {
  /** The tag open in the form, marked in the list. */
  editingId: string | null;
  onEdit: (tag: AdminTrackingTag) => void;
  onDeleted: (id: string) => void;
}

/** Every tag, newest first: its name, type, id (or 'Custom script'), position and switches. */
export function TagList({ editingId, onEdit, onDeleted }: TagListProps) {
  const { data: tags, isPending, isError, refetch } = useTrackingTags();
  if (isPending) return <Spinner label="Loading tags..." className="py-12" />;
  if (isError) {
    return (
      <Notice
        tone="error"
        title="Tags unavailable"
        headingLevel={3}
        action={
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      >
        The tracking tags could not be loaded.
      </Notice>
    );
  }
  if (tags.length === 0) {
    return (
      <Notice title="No tracking tags yet" headingLevel={3}>
        Add one with the form above; it starts loading on the public pages at once.
      </Notice>
    );
  }
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {tags.map((tag) => (
        <TagRow
          key={tag.id}
          tag={tag}
          editing={tag.id === editingId}
          onEdit={onEdit}
          onDeleted={onDeleted}
        />
      ))}
    </ul>
  );
}

function TagRow({
  tag,
  editing,
  onEdit,
  onDeleted,
}: {
  tag: AdminTrackingTag;
  editing: boolean;
  onEdit: (tag: AdminTrackingTag) => void;
  onDeleted: (id: string) => void;
}) {
  const switchId = useId();
  const update = useUpdateTrackingTag();
  // The switch shows the requested state while it is being saved.
  const active = update.isPending
    ? (update.variables.changes.isActive ?? tag.isActive)
    : tag.isActive;

  const toggle = (isActive: boolean) =>
    update.mutate(
      { id: tag.id, changes: { isActive } },
      {
        onSuccess: () => toast.success('Tag updated'),
        onError: (error) => toast.error('Failed to update tag', { description: error.message }),
      },
    );

  return (
    <li
      aria-label={tag.tagName}
      className={cn(
        'flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between',
        editing && 'bg-accent-soft/40',
      )}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words text-ink">{tag.tagName}</h3>
          <Badge tone={typeTones[tag.tagType]}>{trackingTagTypeLabels[tag.tagType]}</Badge>
          {editing ? <Badge tone="neutral">Editing</Badge> : null}
        </div>
        <p className="text-sm break-all text-ink-muted">
          <span className={tag.tagType === 'custom' ? undefined : 'font-mono'}>
            {tag.tagType === 'custom' ? 'Custom script' : tag.tagId}
          </span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          Position: {trackingTagPositionLabels[tag.position]}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <div className="inline-flex items-center gap-2">
          <Switch.Root
            id={switchId}
            // Every row has an 'Active' switch: its name says whose it is.
            aria-label={`Active: ${tag.tagName}`}
            checked={active}
            disabled={update.isPending}
            onCheckedChange={toggle}
            className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-surface-muted transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent"
          >
            <Switch.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:ring-accent" />
          </Switch.Root>
          <label htmlFor={switchId} className="text-sm font-medium text-ink select-none">
            Active
          </label>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Edit ${tag.tagName}`}
          onClick={() => onEdit(tag)}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <DeleteTagButton tag={tag} onDeleted={onDeleted} />
      </div>
    </li>
  );
}

function DeleteTagButton({
  tag,
  onDeleted,
}: {
  tag: AdminTrackingTag;
  onDeleted: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTrackingTag();

  function confirm() {
    remove.mutate(tag.id, {
      onSuccess: () => {
        toast.success('Tag deleted');
        setOpen(false);
        onDeleted(tag.id);
      },
      onError: (error) => {
        toast.error('Failed to delete tag', { description: error.message });
        setOpen(false);
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !remove.isPending && setOpen(next)}
      trigger={
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Delete ${tag.tagName}`}
          className="border-accent/50 text-accent-ink"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
      title="Delete this tracking tag?"
      description={`“${tag.tagName}” will be removed and no longer added to any page. This cannot be undone.`}
      confirmLabel="Delete Tag"
      busyLabel="Deleting..."
      busy={remove.isPending}
      // The dialog stays open until the delete has answered.
      onConfirm={confirm}
    />
  );
}
