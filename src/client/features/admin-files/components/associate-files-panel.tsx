import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { bucketSchema } from '#shared/contracts/admin-files';
import type { Bucket } from '#shared/files';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Input, inputClassName } from '#client/components/ui/input';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useFiles } from '#client/lib/api/admin/get-files';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { useAssociateFiles } from '../api/associate-files';
import { useAssociationTargets } from '../api/get-association-targets';
import { bucketLabels, chapterLinks } from '../utils/file-kinds';
import { formatFileSize } from '../utils/format-file-size';

type BucketFilter = 'all' | Bucket;

const chapterCount = (count: number) => `${count} ${count === 1 ? 'chapter' : 'chapters'}`;

/** Associate Files: a story, a chapter, then the files to link to it. */
export function AssociateFilesPanel() {
  const targets = useAssociationTargets();
  const files = useFiles();
  const associate = useAssociateFiles();
  const [storyId, setStoryId] = useState('');
  const [chapterId, setChapterId] = useState('');
  const [search, setSearch] = useState('');
  const [bucket, setBucket] = useState<BucketFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const ids = { story: useId(), chapter: useId(), search: useId(), bucket: useId() };

  if (targets.isPending || files.isPending) return <Spinner label="Loading files..." />;
  if (targets.isError || files.isError) {
    return (
      <Notice tone="error" title="Could not load files and stories" headingLevel={3}>
        {(targets.error ?? files.error)?.message}
      </Notice>
    );
  }

  // Chapters keep storage keys; people know their files by the names they uploaded them with.
  const names = new Map(
    files.data.map((file) => [`${file.bucketName}/${file.filePath}`, file.originalFilename]),
  );
  const nameOf = (bucket: Bucket, key: string) =>
    key === '' ? 'None' : (names.get(`${bucket}/${key}`) ?? 'A file not in the list');
  const story = targets.data.find((entry) => entry.id === storyId);
  const chapter = story?.chapters.find((entry) => entry.id === chapterId);
  const needle = search.trim().toLocaleLowerCase();
  const shown = files.data.filter(
    (file) =>
      (bucket === 'all' || file.bucketName === bucket) &&
      (needle === '' || file.originalFilename.toLocaleLowerCase().includes(needle)),
  );

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = () => {
    if (!chapter || selected.size === 0) return;
    associate.mutate(
      { chapterId: chapter.id, fileIds: [...selected] },
      {
        onSuccess: () => {
          toast.success('Files Associated', {
            description: `${selected.size} file(s) linked to ${chapter.title}`,
          });
          setSelected(new Set());
        },
        onError: (error) => toast.error('Association Failed', { description: error.message }),
      },
    );
  };

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <Card className="space-y-4 p-5">
        <h3 className="text-lg font-semibold">Chapter</h3>
        <div className="space-y-1.5">
          <label htmlFor={ids.story} className="block text-sm font-medium">
            Story
          </label>
          <select
            id={ids.story}
            className={inputClassName}
            value={storyId}
            onChange={(event) => {
              setStoryId(event.target.value);
              setChapterId('');
            }}
          >
            <option value="">Choose a story</option>
            {targets.data.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.title} ({chapterCount(entry.chapters.length)})
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={ids.chapter} className="block text-sm font-medium">
            Chapter
          </label>
          <select
            id={ids.chapter}
            className={inputClassName}
            value={chapterId}
            disabled={!story || story.chapters.length === 0}
            onChange={(event) => setChapterId(event.target.value)}
          >
            <option value="">
              {story && story.chapters.length === 0
                ? 'This story has no chapters'
                : 'Choose a chapter'}
            </option>
            {story?.chapters.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.position}. {entry.title}
              </option>
            ))}
          </select>
        </div>
        {chapter ? (
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-ink-muted">Audio</dt>
              <dd className="min-w-0 truncate">{nameOf('audios', chapter.audioFileId)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-ink-muted">Transcript</dt>
              <dd className="min-w-0 truncate">{nameOf('trans', chapter.transcriptFileId)}</dd>
            </div>
          </dl>
        ) : null}
        <Button
          className="w-full"
          disabled={!chapter || selected.size === 0 || associate.isPending}
          onClick={submit}
        >
          {associate.isPending ? 'Associating...' : `Associate ${selected.size} File(s)`}
        </Button>
        <p className="text-sm text-ink-muted">
          Choose at most one audio file and one transcript per chapter.
        </p>
      </Card>

      <Card className="space-y-4 p-5">
        <h3 className="text-lg font-semibold">Files</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={ids.search} className="block text-sm font-medium">
              Search by file name
            </label>
            <Input
              id={ids.search}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.bucket} className="block text-sm font-medium">
              Bucket
            </label>
            <select
              id={ids.bucket}
              className={inputClassName}
              value={bucket}
              onChange={(event) => setBucket(event.target.value as BucketFilter)}
            >
              <option value="all">All Buckets</option>
              {bucketSchema.options.map((name) => (
                <option key={name} value={name}>
                  {bucketLabels[name]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {shown.length === 0 ? (
          <p className="py-6 text-center text-ink-muted">No files found</p>
        ) : (
          <ul aria-label="Files to associate" className="max-h-96 space-y-2 overflow-y-auto pr-1">
            {shown.map((file) => {
              const isSelected = selected.has(file.id);
              return (
                <li key={file.id}>
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    onClick={() => toggle(file.id)}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-xl border px-3 py-2 text-left',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
                      isSelected
                        ? 'border-accent bg-accent-soft'
                        : 'border-line bg-surface hover:bg-surface-muted',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-5 shrink-0 items-center justify-center rounded border',
                        isSelected ? 'border-accent bg-accent text-accent-fg' : 'border-line',
                      )}
                    >
                      {isSelected ? <Check className="size-3.5" /> : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{file.originalFilename}</span>
                      <span className="block text-sm text-ink-muted">
                        {bucketLabels[file.bucketName]} · {formatFileSize(file.fileSize)}
                      </span>
                    </span>
                    {chapterLinks(file).length > 0 ? <Badge tone="accent">Associated</Badge> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}
