import { useState } from 'react';
import { Download, History, Trash2 } from 'lucide-react';
import type { MigrationRecord } from '#shared/contracts/admin-migrations';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/lib/toast';
import { useClearMigrationRecords } from '../api/clear-migration-records';
import { createMigrationRecord } from '../api/create-migration-record';
import { useAppliedMigrations } from '../api/get-applied-migrations';
import { useMigrationRecords } from '../api/get-migration-records';
import {
  forgetLegacyRecords,
  historyExport,
  useLegacyRecords,
} from '../hooks/use-migration-history';
import { Panel } from './panel';
import { RecordMigrationForm } from './record-migration-form';
import { RollbackDialog } from './rollback-dialog';

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

const formatDate = (iso: string) => new Date(iso).toLocaleString();

/**
 * What the server applied: drizzle's own table of applied migrations, each named by its file,
 * with what does not match this build's files said plainly.
 */
function AppliedMigrations() {
  const applied = useAppliedMigrations();
  return (
    <section aria-labelledby="applied-migrations-heading">
      <h3 id="applied-migrations-heading" className="text-lg font-semibold">
        Applied by the server
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        Read from the database (drizzle&apos;s migrations table), which the server fills when it
        applies the files of src/server/db/migrations at start.
      </p>
      {applied.isPending ? (
        <Spinner className="mt-3 justify-start" label="Loading applied migrations..." />
      ) : applied.isError ? (
        <Notice tone="error" headingLevel={3} className="mt-3" title="Error">
          The applied migrations could not be read: {applied.error.message}
        </Notice>
      ) : (
        <>
          <ol
            aria-label="Applied migrations"
            className="mt-3 divide-y divide-line rounded-xl border border-line"
          >
            {applied.data.applied.map((migration) => (
              <li
                key={`${migration.hash}-${migration.createdAt}`}
                data-testid="applied-migration"
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2"
              >
                <span className="min-w-0 flex-1 font-mono break-all">
                  {migration.tag ?? 'Not a file of this build'}
                </span>
                <span className="text-xs text-ink-muted">
                  File dated{' '}
                  <time dateTime={migration.createdAt}>{formatDate(migration.createdAt)}</time>
                </span>
                {migration.tag === null ? (
                  <Badge tone="accent">Unknown file</Badge>
                ) : migration.matchesFile ? (
                  <Badge tone="beginner">Applied</Badge>
                ) : (
                  <Badge tone="accent">File edited after it was applied</Badge>
                )}
              </li>
            ))}
          </ol>
          {applied.data.pending.length > 0 ? (
            <Notice headingLevel={3} className="mt-3" title="Not applied yet">
              The server applies these files when it next starts:{' '}
              <span className="font-mono">{applied.data.pending.join(', ')}</span>
            </Notice>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Records an earlier version kept in this browser only, offered to be moved to the database. */
function LegacyRecordsNotice() {
  const legacy = useLegacyRecords();
  const [moving, setMoving] = useState(false);
  const records = useMigrationRecords();
  if (legacy.length === 0) return null;

  const move = async () => {
    setMoving(true);
    try {
      for (const record of legacy) {
        await createMigrationRecord({
          name: record.name,
          description: record.description,
          rollbackSql: record.rollbackSql,
          appliedAt: record.appliedAt,
        });
      }
      forgetLegacyRecords();
      toast.success('Records Moved', {
        description: `${legacy.length} records from this browser are now kept in the database`,
      });
    } catch (error) {
      toast.error('Error', {
        description: `The records could not all be moved: ${(error as Error).message}`,
      });
    } finally {
      setMoving(false);
      void records.refetch();
    }
  };

  return (
    <Notice
      headingLevel={3}
      className="mb-4"
      title="Records kept in this browser"
      action={
        <Button size="sm" onClick={() => void move()} disabled={moving}>
          {moving ? 'Moving...' : 'Move them to the database'}
        </Button>
      }
    >
      {legacy.length === 1 ? 'One migration record is' : `${legacy.length} migration records are`}{' '}
      still kept in this browser&apos;s local storage, where other administrators cannot see them.
    </Notice>
  );
}

export function MigrationTracker() {
  const records = useMigrationRecords();
  const clearRecords = useClearMigrationRecords();
  const [rollbackOf, setRollbackOf] = useState<MigrationRecord | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const list = records.data ?? [];

  const exportHistory = () => {
    const file = historyExport(list);
    download(file.filename, file.json);
    toast.success('Exported', { description: `${file.filename} downloaded` });
  };

  const clear = () => {
    clearRecords.mutate(undefined, {
      onSuccess: () => {
        setConfirmClear(false);
        toast.success('History Cleared');
      },
      onError: (error) => {
        toast.error('Error', { description: `The history could not be cleared: ${error.message}` });
      },
    });
  };

  return (
    <Panel
      id="migration-history"
      title="Migration History"
      icon={History}
      description="What the server applied, beside the records administrators keep with the SQL to undo them. The records are kept in the database, for every administrator."
      aside={
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={exportHistory}
            disabled={list.length === 0}
          >
            <Download aria-hidden="true" className="size-4" />
            Export
          </Button>
          <ConfirmDialog
            open={confirmClear}
            onOpenChange={setConfirmClear}
            trigger={
              <Button size="sm" variant="secondary" disabled={list.length === 0}>
                <Trash2 aria-hidden="true" className="size-4" />
                Clear
              </Button>
            }
            title="Clear the migration history?"
            description={`All ${list.length} records and their rollback SQL are removed, for every administrator. Export the history first if you may need it. The database schema is not changed.`}
            confirmLabel="Clear history"
            // Closes itself once the history is cleared; stays open if that fails.
            onConfirm={clear}
          />
        </div>
      }
    >
      <LegacyRecordsNotice />
      <AppliedMigrations />

      <section aria-labelledby="migration-records-heading" className="mt-6">
        <h3 id="migration-records-heading" className="text-lg font-semibold">
          Recorded by administrators
        </h3>
        {records.isPending ? (
          <Spinner className="mt-3 justify-start" label="Loading migration records..." />
        ) : records.isError ? (
          <Notice tone="error" headingLevel={3} className="mt-3" title="Error">
            The migration records could not be loaded: {records.error.message}
          </Notice>
        ) : list.length === 0 ? (
          <p className="mt-2 text-ink-muted">No migrations recorded yet.</p>
        ) : (
          <ul
            className="mt-3 divide-y divide-line rounded-xl border border-line"
            aria-label="Recorded migrations"
          >
            {list.map((record) => (
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
                    Applied <time dateTime={record.appliedAt}>{formatDate(record.appliedAt)}</time>
                    {record.recordedBy ? ` · recorded by ${record.recordedBy}` : null}
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
      </section>

      <RecordMigrationForm />
      <RollbackDialog
        record={rollbackOf}
        onOpenChange={(open) => {
          if (!open) setRollbackOf(null);
        }}
      />
    </Panel>
  );
}
