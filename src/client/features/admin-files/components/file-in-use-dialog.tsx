import { useId } from 'react';
import type { AdminFile } from '#shared/contracts/admin-files';
import { describeFileUse, isPublishedUse } from '#shared/file-uses';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';

/** The server's refusal of a delete: its message and the uses it named. */
export interface DeleteRefusal {
  message: string;
  uses: string[];
}

export interface FileInUseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  file: AdminFile;
  /** Set when the server refused the delete (the list on screen did not know of these uses). */
  refusal: DeleteRefusal | null;
  busy: boolean;
  /** Detach the file from every use and delete it. */
  onConfirm: () => void;
}

const places = (count: number) => (count === 1 ? '1 place' : `${count} places`);

/**
 * The explicit confirmation a file in use needs: every use listed, what learners lose, and
 * "Detach and delete", which removes it from all of them and deletes it in one step.
 */
export function FileInUseDialog({
  open,
  onOpenChange,
  file,
  refusal,
  busy,
  onConfirm,
}: FileInUseDialogProps) {
  const listId = useId();
  const name = file.originalFilename;
  const uses = refusal ? refusal.uses : file.uses.map(describeFileUse);
  // After a refusal the list refreshes, so `file.uses` soon knows the new uses too.
  const published = file.uses.some(isPublishedUse);

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="File in use"
      description={
        refusal ? (
          <>
            Delete refused: &quot;{name}&quot; is in use now, in {places(uses.length)}. It can be
            deleted only once it is detached from all of them.
          </>
        ) : (
          <>
            &quot;{name}&quot; is used in {places(uses.length)}. It can be deleted only once it is
            detached from all of them.
          </>
        )
      }
      confirmLabel="Detach and delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={onConfirm}
    >
      <div className="mt-4 space-y-3 text-sm">
        <p id={listId} className="font-medium">
          Used in
        </p>
        <ul
          aria-labelledby={listId}
          className="max-h-56 list-disc space-y-1 overflow-y-auto pl-5 text-ink"
        >
          {uses.map((use, index) => (
            <li key={index}>{use}</li>
          ))}
        </ul>
        {published ? (
          <p className="text-ink-muted">
            Learners see the published uses: a published chapter that loses its audio or transcript
            is taken out of its story, and a published cover is removed.
          </p>
        ) : null}
        <p className="text-ink-muted">
          Detach and delete removes the file from every use above, then deletes it. This cannot be
          undone.
        </p>
      </div>
    </ConfirmDialog>
  );
}
