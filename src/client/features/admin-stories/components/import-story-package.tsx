import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileArchive, X } from 'lucide-react';
import type { Job } from '#shared/contracts/jobs';
import { JobProgress } from '#client/components/jobs/job-progress';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FieldError } from '#client/components/ui/field';
import { isApiError } from '#client/lib/api-client';
import { isJobActive, useCancelJob, useJob } from '#client/lib/api/admin/get-job';
import { toast } from '#client/lib/toast';
import { useImportStoryPackage } from '../api/import-story';
import { refreshStories } from '../api/story-mutations';

const refusalOf = (error: unknown): string =>
  isApiError(error) && error.status >= 400 && error.status < 500
    ? error.message
    : 'Please try again.';

/** The imported story's title, when the job's result names it. */
const importedTitle = (job: Job): string | undefined => {
  const title = job.result?.title;
  return typeof title === 'string' ? title : undefined;
};

/**
 * "Import Story Package": a .zip in the demo library's format is uploaded, imported as a draft
 * by a background job whose progress shows here, and the new draft appears in the list.
 */
export function ImportStoryPackage() {
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const upload = useImportStoryPackage();
  const cancel = useCancelJob();
  const [jobId, setJobId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const job = useJob(jobId);
  const current = job.data;

  // Once, when the job ends: say how it went and show the draft it made.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!current || isJobActive(current) || announced.current === current.id) return;
    announced.current = current.id;
    if (current.status === 'succeeded') {
      toast.success('Story Imported', {
        description: importedTitle(current) ?? 'The story is in the list as a draft.',
      });
      void refreshStories(queryClient);
    } else if (current.status === 'failed') {
      toast.error('Import Failed', { description: current.error ?? 'Please try again.' });
    }
  }, [current, queryClient]);

  function onFileChosen(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setRefusal(null);
    if (!file.name.toLowerCase().endsWith('.zip')) {
      setRefusal('Choose a story package: a .zip file.');
      return;
    }
    upload.mutate(file, {
      onSuccess: (started) => {
        announced.current = null;
        setJobId(started.id);
      },
      onError: (error) => {
        const message = refusalOf(error);
        setRefusal(message);
        toast.error('Import Failed', { description: message });
      },
    });
  }

  const busy = upload.isPending || (current !== undefined && isJobActive(current));
  const errorId = `${ids}-error`;

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept=".zip,application/zip"
        aria-label="Story package (.zip)"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => onFileChosen(event.target.files?.[0])}
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
        {upload.isPending ? 'Uploading...' : 'Import Story Package'}
      </Button>
      {refusal || jobId !== null ? (
        <Card className="order-last basis-full space-y-3 p-4">
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-semibold">Import a story package</h3>
            {!busy ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setJobId(null);
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
          {job.isError ? (
            <p role="alert" className="text-sm text-accent-ink">
              Could not follow the import: {refusalOf(job.error)}
            </p>
          ) : null}
          {current ? (
            <JobProgress
              job={current}
              label="Import progress"
              cancelling={cancel.isPending}
              onCancel={() =>
                cancel.mutate(current.id, {
                  onError: (error) =>
                    toast.error('Cancel Failed', { description: refusalOf(error) }),
                })
              }
            />
          ) : null}
        </Card>
      ) : null}
    </>
  );
}
