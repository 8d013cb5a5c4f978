import {
  Download,
  ExternalLink,
  File as FileIcon,
  FileAudio,
  FileImage,
  FileText,
  FileVideo,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminFile } from '#shared/contracts/admin-files';
import { describeFileUse } from '#shared/file-uses';
import { Badge, type BadgeTone } from '#client/components/ui/badge';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { isApiError } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { useDeleteAdminFile } from '../api/delete-file';
import {
  categoryOf,
  formatUploadDate,
  usageLabels,
  usageOf,
  type FileCategory,
} from '../utils/file-kinds';
import { formatFileSize } from '../utils/format-file-size';
import { FileInUseDialog, type DeleteRefusal } from './file-in-use-dialog';

const icons: Record<FileCategory, LucideIcon> = {
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  document: FileText,
  other: FileIcon,
};

// Amber marks what asks for attention (unused files can be cleaned up).
const usageTones = {
  'in-use': 'accent',
  unused: 'intermediate',
  new: 'neutral',
} as const satisfies Record<ReturnType<typeof usageOf>, BadgeTone>;

const usageNotes = {
  unused: 'Not used anywhere for more than 24 hours.',
  new: 'Not used anywhere yet. It is listed as unused 24 hours after its upload.',
} as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** What a 409 refusal of a delete names: the uses the server found (they may be new to us). */
function refusalOf(error: unknown): DeleteRefusal | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const details = error.details as { problems?: unknown } | undefined;
  const uses = Array.isArray(details?.problems)
    ? details.problems.filter((item): item is string => typeof item === 'string')
    : [];
  return { message: error.message, uses };
}

export interface FileCardProps {
  file: AdminFile;
  downloading: boolean;
  onDownload: (file: AdminFile) => void;
}

type Dialog = 'confirm' | 'in-use' | null;

/**
 * One file of the grid: icon, original name, type, usage, size, date, where it is used, and its
 * actions. Deleting a file nothing uses asks once; a file in use (known here, or found by the
 * server's refusal) opens a dialog that lists its uses and offers to detach it everywhere.
 */
export function FileCard({ file, downloading, onDownload }: FileCardProps) {
  const usesId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<DeleteRefusal | null>(null);
  const remove = useDeleteAdminFile();
  const Icon = icons[categoryOf(file.fileType)];
  const name = file.originalFilename;
  const usage = usageOf(file);

  const close = () => {
    setDialog(null);
    setRefusal(null);
  };

  // mutateAsync: the list refreshes before the request's promise settles, and this card is gone
  // by then when the file was deleted; a promise still settles (mutate's callbacks would not).
  const deleteFile = (detach: boolean) =>
    void remove.mutateAsync({ id: file.id, detach }).then(
      () => {
        close();
        toast.success('File deleted', { description: name });
      },
      (error: unknown) => {
        const refused = detach ? null : refusalOf(error);
        if (refused) {
          // The list was out of date: the file is in use now. Show where, and offer to detach.
          setRefusal(refused);
          setDialog('in-use');
          return;
        }
        close();
        toast.error('Delete failed', { description: messageOf(error) });
      },
    );

  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <span className="rounded-xl bg-surface-muted p-2 text-ink-muted" aria-hidden="true">
            <Icon className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-semibold" title={name}>
              {name}
            </h3>
            <div className="mt-1 flex flex-wrap gap-1.5">
              <Badge>{file.fileType}</Badge>
              <Badge tone={usageTones[usage]}>{usageLabels[usage]}</Badge>
            </div>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-3 text-sm">
          <dt className="text-ink-muted">Size</dt>
          <dd className="text-right">{formatFileSize(file.fileSize)}</dd>
          <dt className="text-ink-muted">Uploaded</dt>
          <dd className="text-right">
            <time dateTime={file.uploadDate}>{formatUploadDate(file.uploadDate)}</time>
          </dd>
        </dl>
        <div className="text-sm">
          {usage === 'in-use' ? (
            <>
              <p id={usesId} className="font-medium">
                Used in
              </p>
              <ul aria-labelledby={usesId} className="mt-1 space-y-0.5 break-words text-ink-muted">
                {file.uses.map((use, index) => (
                  <li key={index}>{describeFileUse(use)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-ink-muted">{usageNotes[usage]}</p>
          )}
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          {file.publicUrl ? (
            <a
              href={file.publicUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              aria-label={`Open ${name} (opens in a new tab)`}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              Open
            </a>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            disabled={downloading}
            aria-label={`Download ${name}`}
            onClick={() => onDownload(file)}
          >
            <Download className="size-4" aria-hidden="true" />
            Download
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${name}`}
            onClick={() => setDialog(file.uses.length > 0 ? 'in-use' : 'confirm')}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={dialog === 'confirm'}
        onOpenChange={(open) => (open ? setDialog('confirm') : close())}
        title="Delete File"
        description={
          <>
            Are you sure you want to delete &quot;{name}&quot;? Nothing uses it. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => deleteFile(false)}
      />
      <FileInUseDialog
        open={dialog === 'in-use'}
        onOpenChange={(open) => (open ? setDialog('in-use') : close())}
        file={file}
        refusal={refusal}
        busy={remove.isPending}
        onConfirm={() => deleteFile(true)}
      />
    </li>
  );
}
