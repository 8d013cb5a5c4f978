import { useId, type ChangeEvent } from 'react';
import { limitInMegabytes, uploadRules } from '#shared/contracts/admin-files';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { acceptFor } from '#client/lib/uploads/upload-check';
import type { CardKind, UploadItem } from '../hooks/use-upload-queue';
import { formatFileSize } from '../utils/format-file-size';

export interface UploadCardProps {
  kind: CardKind;
  title: string;
  description: string;
  /** What the picker's label says ('Choose audio files'). */
  pickLabel: string;
  items: readonly UploadItem[];
  onFiles: (files: File[]) => void;
  onClear: () => void;
}

const statusText = (item: UploadItem) => {
  switch (item.status) {
    case 'pending':
      return 'Pending';
    case 'uploading':
      return `Uploading ${item.progress}%`;
    case 'success':
      return 'Uploaded';
    case 'error':
      return item.error ?? 'Upload failed';
  }
};

/** One upload card: a picker for its kind, then the state of each file chosen. */
export function UploadCard({
  kind,
  title,
  description,
  pickLabel,
  items,
  onFiles,
  onClear,
}: UploadCardProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const rule = uploadRules[kind];
  const finished = items.some((item) => item.status === 'success' || item.status === 'error');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again is a new selection.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div>
        <h3 className="text-lg font-semibold">{title}</h3>
        <p id={hintId} className="mt-1 text-sm text-ink-muted">
          {description} Up to {limitInMegabytes(rule.maxBytes)} MB each.
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium">
          {pickLabel}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={acceptFor(rule)}
          aria-describedby={hintId}
          onChange={onChange}
          className={cn(
            'block w-full text-sm text-ink-muted file:mr-3 file:rounded-full file:border file:border-line',
            'file:bg-surface file:px-4 file:py-2 file:text-sm file:font-medium file:text-ink',
            'hover:file:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2',
            'focus-visible:outline-focus',
          )}
        />
      </div>
      {items.length > 0 ? (
        <ul className="space-y-3" aria-label={`${title} uploads`}>
          {items.map((item) => (
            <li
              key={item.id}
              data-status={item.status}
              className="rounded-xl border border-line px-3 py-2 text-sm"
            >
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium" title={item.name}>
                  {item.name}
                </span>
                <span className="shrink-0 text-ink-muted">{formatFileSize(item.size)}</span>
              </div>
              <progress
                max={100}
                value={item.progress}
                aria-label={`Upload progress for ${item.name}`}
                className="mt-2 h-1.5 w-full overflow-hidden rounded-full accent-accent"
              />
              <p
                className={cn(
                  'mt-1',
                  item.status === 'error' ? 'font-medium text-accent-ink' : 'text-ink-muted',
                )}
                role={item.status === 'error' ? 'alert' : undefined}
              >
                {statusText(item)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {finished ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={onClear}>
          Clear finished
        </Button>
      ) : null}
    </Card>
  );
}
