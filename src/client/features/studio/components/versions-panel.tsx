import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { TranscriptVersion, TranscriptVersionSource } from '#shared/contracts/studio';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FormAlert } from '#client/components/ui/form-alert';
import { Spinner } from '#client/components/ui/spinner';
import { useTranscriptVersions } from '../api/get-transcript-versions';

const sourceNames: Record<TranscriptVersionSource, string> = {
  upload: 'Uploaded',
  alignment: 'Aligned',
  editor: 'Edited',
  import: 'Imported',
  restore: 'Restored',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export interface VersionsPanelProps {
  chapterId: string;
  current: number | null;
  dirty: boolean;
  restoring: boolean;
  restoreError: string | null;
  /** Resolves once the restore has settled (the dialog closes then). */
  onRestore: (version: number) => Promise<unknown>;
}

/** Every saved version, newest first (source, who, when), each but the current one restorable. */
export function VersionsPanel({
  chapterId,
  current,
  dirty,
  restoring,
  restoreError,
  onRestore,
}: VersionsPanelProps) {
  const versions = useTranscriptVersions(chapterId);
  const [toRestore, setToRestore] = useState<number | null>(null);

  return (
    <Card className="p-4">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <History aria-hidden="true" className="size-4 text-ink-muted" />
        Versions
      </h2>
      {versions.isPending ? (
        <Spinner label="Loading versions..." className="justify-start py-3 text-sm" />
      ) : versions.isError ? (
        <p className="mt-2 text-sm text-accent-ink">The versions could not be loaded.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {versions.data.map((item) => (
            <VersionRow
              key={item.version}
              item={item}
              isCurrent={item.version === current}
              onRestore={() => setToRestore(item.version)}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={toRestore !== null}
        onOpenChange={(open) => {
          if (!open && !restoring) setToRestore(null);
        }}
        title={`Restore version ${toRestore ?? ''}?`}
        description={
          <>
            Its text, translations and times become a new version; every version stays in the list.
            {dirty ? ' Your unsaved changes here will be lost.' : null}
          </>
        }
        confirmLabel="Restore"
        busyLabel="Restoring…"
        busy={restoring}
        onConfirm={() => {
          if (toRestore === null) return;
          void onRestore(toRestore).then(
            () => setToRestore(null),
            () => undefined,
          );
        }}
      >
        {restoreError ? <FormAlert className="mt-4" message={restoreError} /> : null}
      </ConfirmDialog>
    </Card>
  );
}

function VersionRow({
  item,
  isCurrent,
  onRestore,
}: {
  item: TranscriptVersion;
  isCurrent: boolean;
  onRestore: () => void;
}) {
  return (
    <li className="flex items-start justify-between gap-3 py-2.5">
      <div className="min-w-0 text-sm">
        <p className="flex items-center gap-2 font-medium">
          Version {item.version}
          {isCurrent ? <Badge tone="accent">Current</Badge> : null}
        </p>
        <p className="text-ink-muted">
          {sourceNames[item.source]}
          {item.createdBy ? ` by ${item.createdBy}` : ''} ·{' '}
          <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
        </p>
        {item.note ? <p className="mt-0.5 break-words text-ink">{item.note}</p> : null}
      </div>
      {isCurrent ? null : (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRestore}
          aria-label={`Restore version ${item.version}`}
          className="shrink-0"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Restore
        </Button>
      )}
    </li>
  );
}
