import { Dialog } from 'radix-ui';
import { Copy, X } from 'lucide-react';
import type { MigrationRecord } from '#shared/contracts/admin-migrations';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/lib/toast';
import { useDeleteMigrationRecord } from '../api/delete-migration-record';

/** Shows a record's rollback SQL to copy and run by hand; nothing is executed from here. */
export function RollbackDialog({
  record,
  onOpenChange,
}: {
  record: MigrationRecord | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteMigrationRecord();
  const copy = async () => {
    if (!record) return;
    try {
      await navigator.clipboard.writeText(record.rollbackSql);
      toast.success('Copied', { description: 'Rollback SQL copied to the clipboard' });
    } catch {
      toast.error('Copy failed', { description: 'Select the SQL and copy it by hand.' });
    }
  };

  const markAsRolledBack = () => {
    if (!record) return;
    remove.mutate(record.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success('Migration Rolled Back', {
          description: `${record.name} was removed from the history`,
        });
      },
      onError: (error) => {
        toast.error('Error', {
          description: `The record could not be removed: ${error.message}`,
        });
      },
    });
  };

  return (
    <Dialog.Root open={record !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold break-all text-ink">
              Rollback: {record?.name}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-ink-muted">
            Run this SQL yourself (for instance with psql) to undo the migration, then mark it as
            rolled back. Nothing is run from this screen.
          </Dialog.Description>
          <pre
            tabIndex={0}
            aria-label="Rollback SQL"
            className="mt-4 min-h-0 flex-1 overflow-auto rounded-xl border border-line bg-surface-muted p-4 font-mono text-sm whitespace-pre-wrap"
          >
            {record?.rollbackSql}
          </pre>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              Copy
            </Button>
            <Button onClick={markAsRolledBack} disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Mark as rolled back'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
