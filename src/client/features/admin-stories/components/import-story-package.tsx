import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileArchive, X } from 'lucide-react';
import type { Job } from '#shared/contracts/jobs';
import { storyPackageUploadRule, type ImportStoryResponse } from '#shared/contracts/story-packages';
import { JobProgress } from '#client/components/jobs/job-progress';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FieldError } from '#client/components/ui/field';
import { isApiError } from '#client/lib/api-client';
import { isJobActive, useCancelJob, useJob } from '#client/lib/api/admin/get-job';
import { toast } from '#client/lib/toast';
import { acceptFor, checkUpload } from '#client/lib/uploads/upload-check';
import { useImportStoryPackage } from '../api/import-story';
import { refreshStories } from '../api/story-mutations';

const refusalOf = (error: unknown): string =>
  isApiError(error) && error.status >= 400 && error.status < 500
    ? error.message
    : 'Please try again.';

/**
 * "Import Story Package": a .zip in the demo library's format becomes a draft (or updates the
 * story of its slug) and shows in the list; chapters that came without timings are aligned in
 * background jobs, whose progress shows here.
 */
export function ImportStoryPackage() {
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useImportStoryPackage();
  const [imported, setImported] = useState<ImportStoryResponse | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [aligning, setAligning] = useState<ReadonlySet<string>>(new Set());

  async function onFileChosen(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setRefusal(null);
    const refused = await checkUpload(file, storyPackageUploadRule);
    if (refused !== null) {
      setRefusal(refused);
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => {
        setImported(answer);
        setAligning(new Set(answer.alignmentJobs.map((job) => job.id)));
        toast.success(answer.created ? 'Story Imported' : 'Story Updated', {
          description: answer.created
            ? `"${answer.story.title}" is in the list as a draft.`
            : `"${answer.story.title}" was updated from the package.`,
        });
      },
      onError: (error) => {
        setImported(null);
        const message = refusalOf(error);
        setRefusal(message);
        toast.error('Import Failed', { description: message });
      },
    });
  }

  const onJobSettled = useCallback(
    (jobId: string) =>
      setAligning((current) => {
        if (!current.has(jobId)) return current;
        const next = new Set(current);
        next.delete(jobId);
        return next;
      }),
    [],
  );

  const busy = upload.isPending || aligning.size > 0;
  const errorId = `${ids}-error`;
  const chapterTitle = (job: Job) =>
    imported?.story.chapters.find((chapter) => chapter.id === job.subjectId)?.title ?? 'a chapter';

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={acceptFor(storyPackageUploadRule)}
        aria-label="Story package (.zip)"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFileChosen(event.target.files?.[0])}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-busy={upload.isPending}
        aria-describedby={refusal ? errorId : undefined}
        onClick={() => inputRef.current?.click()}
      >
        <FileArchive aria-hidden="true" className="size-4" />
        {upload.isPending ? 'Importing...' : 'Import Story Package'}
      </Button>
      {refusal || imported ? (
        <Card className="order-last basis-full space-y-3 p-4">
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-semibold">Story package</h3>
            {!busy ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setImported(null);
                  setRefusal(null);
                }}
              >
                <X aria-hidden="true" className="size-4" />
                Dismiss
              </Button>
            ) : null}
          </div>
          {refusal ? (
            <div role="alert">
              <FieldError id={errorId}>{refusal}</FieldError>
            </div>
          ) : null}
          {imported ? (
            <>
              <p role="status" className="text-sm text-ink">
                {imported.created
                  ? `"${imported.story.title}" was imported as a draft with ${imported.story.chapters.length} ${imported.story.chapters.length === 1 ? 'chapter' : 'chapters'}.`
                  : `"${imported.story.title}" was updated from the package.`}
              </p>
              {imported.alignmentJobs.map((job) => (
                <ImportAlignment
                  key={job.id}
                  jobId={job.id}
                  chapterTitle={chapterTitle(job)}
                  onSettled={onJobSettled}
                />
              ))}
            </>
          ) : null}
        </Card>
      ) : null}
    </>
  );
}

/** One chapter of the package being aligned: its job's progress, Cancel, and how it ended. */
function ImportAlignment({
  jobId,
  chapterTitle,
  onSettled,
}: {
  jobId: string;
  chapterTitle: string;
  onSettled: (jobId: string) => void;
}) {
  const queryClient = useQueryClient();
  const job = useJob(jobId);
  const cancel = useCancelJob();
  const current = job.data;
  const finished = current !== undefined && !isJobActive(current);

  // Once, when the job ends.
  useEffect(() => {
    if (!finished) return;
    onSettled(jobId);
    // The aligned chapter has its transcript now.
    void refreshStories(queryClient);
  }, [finished, jobId, onSettled, queryClient]);

  if (job.isError) {
    return (
      <p role="alert" className="text-sm text-accent-ink">
        Could not follow the alignment of &quot;{chapterTitle}&quot;: {refusalOf(job.error)}
      </p>
    );
  }
  if (!current) return null;
  return (
    <JobProgress
      job={current}
      label={`Alignment of "${chapterTitle}"`}
      cancelLabel={`Cancel the alignment of "${chapterTitle}"`}
      cancelling={cancel.isPending}
      onCancel={() =>
        cancel.mutate(current.id, {
          onError: (error) => toast.error('Cancel Failed', { description: refusalOf(error) }),
        })
      }
    />
  );
}
