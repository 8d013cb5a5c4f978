import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminFile } from '#shared/contracts/admin-files';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useFiles } from '#client/lib/api/admin/get-files';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useDeleteAdminFile } from '../api/delete-file';
import { useDownloadAdminFile } from '../api/download-file';
import { filterFiles, typeFilters, type TypeFilter } from '../utils/file-kinds';
import { FileCard } from './file-card';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** Manage Files: the searchable, filterable grid of every uploaded file. */
export function FileManager() {
  const files = useFiles();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const searchId = useId();
  const download = useDownloadAdminFile();
  const remove = useDeleteAdminFile();

  const onDownload = (file: AdminFile) =>
    download.mutate(file, {
      onError: (error) => toast.error('Download failed', { description: messageOf(error) }),
    });

  const onDelete = (file: AdminFile) =>
    remove.mutateAsync(file.id).then(
      () => toast.success('File deleted', { description: file.originalFilename }),
      (error: unknown) => toast.error('Delete failed', { description: messageOf(error) }),
    );

  const shown = filterFiles(files.data ?? [], { search, type });

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <label htmlFor={searchId} className="block text-sm font-medium">
            Search files
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              placeholder="Search by file name..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div role="group" aria-label="Filter by type" className="flex flex-wrap gap-1.5">
          {typeFilters.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={type === filter.value}
              onClick={() => setType(filter.value)}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
                type === filter.value
                  ? 'border-accent bg-accent text-accent-fg'
                  : 'border-line bg-surface text-ink hover:bg-surface-muted',
              )}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>

      {files.isPending ? (
        <Spinner label="Loading files..." className="py-10" />
      ) : files.isError ? (
        <Notice
          tone="error"
          title="Could not load files"
          headingLevel={3}
          action={
            <Button variant="secondary" size="sm" onClick={() => void files.refetch()}>
              Try again
            </Button>
          }
        >
          {files.error.message}
        </Notice>
      ) : shown.length === 0 ? (
        <Notice title="No files found" headingLevel={3}>
          {files.data.length === 0
            ? 'Uploaded files appear here.'
            : 'No file matches this search or filter.'}
        </Notice>
      ) : (
        <ul aria-label="Files" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              downloading={download.isPending && download.variables?.id === file.id}
              deleting={remove.isPending && remove.variables === file.id}
              onDownload={onDownload}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
