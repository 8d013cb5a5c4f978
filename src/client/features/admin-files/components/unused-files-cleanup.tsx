import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { CLEANUP_MAX_FILES, UNUSED_AFTER_HOURS } from '#shared/contracts/admin-files';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { useFiles } from '#client/lib/api/admin/get-files';
import { toast } from '#client/lib/toast';
import { useCleanUpFiles } from '../api/clean-up-files';
import { formatFileSize } from '../utils/format-file-size';

const filesText = (count: number) => (count === 1 ? '1 unused file' : `${count} unused files`);

/**
 * Uploads nothing has used for 24 hours (a wizard abandoned after its uploads, a file never
 * linked): listed, and removed in one action after a confirmation that names them. Files younger
 * than that are never offered: a wizard may be about to attach them.
 */
export function UnusedFilesCleanup() {
  const headingId = useId();
  const listId = useId();
  const unused = useFiles({ usage: 'unused', sort: 'name' });
  const cleanUp = useCleanUpFiles();
  const [confirming, setConfirming] = useState(false);

  const files = (unused.data ?? []).slice(0, CLEANUP_MAX_FILES);
  if (files.length === 0) return null;
  const total = files.reduce((sum, file) => sum + file.fileSize, 0);

  const onConfirm = () =>
    void cleanUp.mutateAsync({ fileIds: files.map((file) => file.id) }).then(
      ({ removed, kept }) => {
        setConfirming(false);
        const keptText = kept > 0 ? ` ${kept} in use or gone meanwhile were kept.` : '';
        toast.success('Unused files cleaned up', {
          description: `${removed.length === 1 ? '1 file' : `${removed.length} files`} removed.${keptText}`,
        });
      },
      (error: unknown) => {
        setConfirming(false);
        toast.error('Clean-up failed', {
          description: error instanceof Error ? error.message : undefined,
        });
      },
    );

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-muted px-5 py-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="font-semibold">
          {filesText(files.length)}
        </h3>
        <p className="text-sm text-ink-muted">
          Nothing has used them for more than {UNUSED_AFTER_HOURS} hours since their upload (
          {formatFileSize(total)} in all).
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        <Sparkles className="size-4" aria-hidden="true" />
        Clean up {filesText(files.length)}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Clean Up Unused Files"
        description={
          <>
            These files are not used by any story, chapter, cover, logo or profile, and were
            uploaded more than {UNUSED_AFTER_HOURS} hours ago. They will be deleted. This cannot be
            undone.
          </>
        }
        confirmLabel={`Clean up ${filesText(files.length)}`}
        busyLabel="Cleaning up..."
        busy={cleanUp.isPending}
        onConfirm={onConfirm}
      >
        <p id={listId} className="mt-4 text-sm font-medium">
          Files to delete
        </p>
        <ul
          aria-labelledby={listId}
          className="mt-1 max-h-56 space-y-1 overflow-y-auto text-sm text-ink"
        >
          {files.map((file) => (
            <li key={file.id} className="flex justify-between gap-3">
              <span className="min-w-0 truncate" title={file.originalFilename}>
                {file.originalFilename}
              </span>
              <span className="shrink-0 text-ink-muted">{formatFileSize(file.fileSize)}</span>
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </section>
  );
}
