import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminFile } from '#shared/contracts/admin-files';
import { Button } from '#client/components/ui/button';
import { Input, Label, Select } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useFiles } from '#client/lib/api/admin/get-files';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useDownloadAdminFile } from '../api/download-file';
import { useAssociationTargets } from '../api/get-association-targets';
import {
  filterFiles,
  sortChoices,
  typeFilters,
  usageFilters,
  type SortChoice,
  type TypeFilter,
  type UsageChoice,
} from '../utils/file-kinds';
import { FileCard } from './file-card';
import { UnusedFilesCleanup } from './unused-files-cleanup';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * Manage Files: every uploaded file with where it is used. Search and the type chips (spec) act
 * on the list at hand; the story, usage and sort choices are asked of the server, which knows
 * the uses.
 */
export function FileManager() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [storyId, setStoryId] = useState('');
  const [usage, setUsage] = useState<UsageChoice>('all');
  const [sortChoice, setSortChoice] = useState<SortChoice>('date-desc');
  const ids = { search: useId(), story: useId(), usage: useId(), sort: useId() };
  const { sort, order } = sortChoices.find((choice) => choice.value === sortChoice)!;
  const files = useFiles({
    storyId: storyId || undefined,
    usage: usage === 'all' ? undefined : usage,
    sort,
    order,
  });
  const stories = useAssociationTargets();
  const download = useDownloadAdminFile();

  const onDownload = (file: AdminFile) =>
    download.mutate(file, {
      onError: (error) => toast.error('Download failed', { description: messageOf(error) }),
    });

  const shown = filterFiles(files.data ?? [], { search, type });
  const narrowed = storyId !== '' || usage !== 'all';

  return (
    <div className="space-y-5">
      <UnusedFilesCleanup />

      <div className="space-y-3">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
          <div className="flex-1 space-y-1.5">
            <Label htmlFor={ids.search}>Search files</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
                aria-hidden="true"
              />
              <Input
                id={ids.search}
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
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.story}>Filter by story</Label>
            <Select
              id={ids.story}
              value={storyId}
              onChange={(event) => setStoryId(event.target.value)}
            >
              <option value="">All stories</option>
              {stories.data?.map((story) => (
                <option key={story.id} value={story.id}>
                  {story.title}
                </option>
              ))}
            </Select>
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.usage}>Filter by use</Label>
            <Select
              id={ids.usage}
              value={usage}
              onChange={(event) => setUsage(event.target.value as UsageChoice)}
            >
              {usageFilters.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.sort}>Sort by</Label>
            <Select
              id={ids.sort}
              value={sortChoice}
              onChange={(event) => setSortChoice(event.target.value as SortChoice)}
            >
              {sortChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </div>
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
          {files.data.length === 0 && !narrowed
            ? 'Uploaded files appear here.'
            : 'No file matches this search or filter.'}
        </Notice>
      ) : (
        <ul aria-label="Files" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              downloading={download.isPending && download.variables?.id === file.id}
              onDownload={onDownload}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
