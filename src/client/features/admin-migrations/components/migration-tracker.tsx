import { useState } from 'react';
import { Download, History, Trash2 } from 'lucide-react';
import type { MigrationRecord } from '#shared/contracts/admin-migrations';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { toast } from '#client/lib/toast';
import {
  clearHistory,
  historyExport,
  sortedHistory,
  useMigrationHistory,
} from '../hooks/use-migration-history';
import { Panel } from './panel';
import { RecordMigrationForm } from './record-migration-form';
import { RollbackDialog } from './rollback-dialog';

const storageFailure = (error: unknown) => {
  console.warn('The migration history could not be stored in this browser.', error);
  toast.error('Error', {
    description: 'The migration history could not be saved in this browser.',
  });
};

function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function MigrationTracker() {
  const records = sortedHistory(useMigrationHistory());
  const [rollbackOf, setRollbackOf] = useState<MigrationRecord | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const exportHistory = () => {
    const file = historyExport(records);
    download(file.filename, file.json);
    toast.success('Exported', { description: `${file.filename} downloaded` });
  };

  const clear = () => {
    try {
      clearHistory();
      setConfirmClear(false);
      toast.success('History Cleared');
    } catch (error) {
      storageFailure(error);
    }
  };

  return (
    <Panel
      id="migration-history"
      title="Migration History"
      icon={History}
      description="Migrations you have applied, with the SQL to undo them. Kept in this browser's local storage only."
      aside={
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={exportHistory}
            disabled={records.length === 0}
          >
            <Download aria-hidden="true" className="size-4" />
            Export
          </Button>
          <ConfirmDialog
            open={confirmClear}
            onOpenChange={setConfirmClear}
            trigger={
              <Button size="sm" variant="secondary" disabled={records.length === 0}>
                <Trash2 aria-hidden="true" className="size-4" />
                Clear
              </Button>
            }
            title="Clear the migration history?"
            description={`All ${records.length} records and their rollback SQL are removed from this browser. Export the history first if you may need it. The database is not changed.`}
            confirmLabel="Clear history"
            // Closes itself once the history is cleared; stays open if storage fails.
            onConfirm={clear}
          />
        </div>
      }
    >
      {records.length === 0 ? (
        <p className="text-ink-muted">No migrations recorded yet.</p>
      ) : (
        <ul
          className="divide-y divide-line rounded-xl border border-line"
          aria-label="Recorded migrations"
        >
          {records.map((record) => (
            <li
              key={record.id}
              data-testid="migration-record"
              className="flex flex-wrap items-start gap-3 px-4 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-mono font-medium break-all">{record.name}</p>
                {record.description ? (
                  <p className="text-sm text-ink-muted">{record.description}</p>
                ) : null}
                <p className="mt-1 text-xs text-ink-muted">
                  Applied{' '}
                  <time dateTime={record.appliedAt}>
                    {new Date(record.appliedAt).toLocaleString()}
                  </time>
                </p>
              </div>
              {record.canRollback ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setRollbackOf(record)}
                  aria-label={`View Rollback for ${record.name}`}
                >
                  View Rollback
                </Button>
              ) : (
                <Badge>No rollback SQL</Badge>
              )}
            </li>
          ))}
        </ul>
      )}

      <RecordMigrationForm onStorageFailure={storageFailure} />
      <RollbackDialog
        record={rollbackOf}
        onOpenChange={(open) => {
          if (!open) setRollbackOf(null);
        }}
        onStorageFailure={storageFailure}
      />
    </Panel>
  );
}
