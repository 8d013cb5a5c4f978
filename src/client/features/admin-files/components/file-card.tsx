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
import { useState } from 'react';
import type { AdminFile } from '#shared/contracts/admin-files';
import { Badge } from '#client/components/ui/badge';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { categoryOf, formatUploadDate, type FileCategory } from '../utils/file-kinds';
import { formatFileSize } from '../utils/format-file-size';

const icons: Record<FileCategory, LucideIcon> = {
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  document: FileText,
  other: FileIcon,
};

export interface FileCardProps {
  file: AdminFile;
  downloading: boolean;
  deleting: boolean;
  onDownload: (file: AdminFile) => void;
  /** Resolves once the delete request settled (the dialog closes then). */
  onDelete: (file: AdminFile) => Promise<unknown>;
}

/** One file of the grid: icon, type, name, size, date and its actions. */
export function FileCard({ file, downloading, deleting, onDownload, onDelete }: FileCardProps) {
  const [confirming, setConfirming] = useState(false);
  const Icon = icons[categoryOf(file.fileType)];
  const name = file.originalFilename;

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
            <Badge className="mt-1">{file.fileType}</Badge>
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
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete File"
        description={
          <>
            Are you sure you want to delete &quot;{name}&quot;? Chapters using it lose it too. This
            cannot be undone.
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        // Stays open until the request settles.
        onConfirm={() => void onDelete(file).finally(() => setConfirming(false))}
      />
    </li>
  );
}
