import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { uploadRules } from '#shared/contracts/admin-files';
import { adminFilesQueryRoot, filesQueryOptions } from '#client/lib/api/admin/get-files';
import { uploadAdminFile, uploadAdminFileMutationKey } from '#client/lib/api/admin/upload-file';
import { toast } from '#client/lib/toast';
import { checkUpload } from '#client/lib/uploads/upload-check';

/** The four upload cards of the Upload tab, each with its rule (spec, section 5). */
export type CardKind = 'audio' | 'transcript' | 'image' | 'general';
export const cardKinds: readonly CardKind[] = ['audio', 'transcript', 'image', 'general'];

export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error';

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  status: UploadStatus;
  /**
   * 0 while pending, then (spec) 10 once its upload starts, 60 once the server has answered, 80
   * once the files list is refreshed and 100 with success.
   */
  progress: number;
  error?: string;
}

const successToast: Record<CardKind, string> = {
  audio: 'Audio Uploaded',
  transcript: 'Transcript Uploaded',
  image: 'Upload successful',
  general: 'Upload successful',
};

const emptyQueues = (): Record<CardKind, UploadItem[]> => ({
  audio: [],
  transcript: [],
  image: [],
  general: [],
});

/**
 * Resolves once the browser has had a frame to paint the current state, so a step reached just
 * before another one is shown. A hidden page paints no frames: it resolves at once then (and when
 * the page is hidden while waiting), so a background upload never stalls.
 */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    const done = () => {
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    document.addEventListener('visibilitychange', done);
    requestAnimationFrame(done);
  });
}

/** What one batch (the files chosen at once on a card) came to. */
export interface BatchOutcome {
  card: CardKind;
  /** Files the server stored. */
  stored: number;
  /** Files refused, by the check before sending or by the server. */
  refused: number;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Upload failed';

/**
 * Upload items per card: each file is checked first (a failing one starts as error), then sent
 * one after the other: pending → uploading (10, 60, 80, 100) → success or error. Every refusal
 * is toasted and stays on its card; `onBatchDone` gets what the batch came to once it is over.
 */
export function useUploadQueue(onBatchDone: (outcome: BatchOutcome) => void) {
  const [queues, setQueues] = useState(emptyQueues);
  const nextId = useRef(1);
  const queryClient = useQueryClient();
  // The POST alone: the list refresh is a step of its own in the item's progress.
  const { mutateAsync } = useMutation({
    mutationKey: uploadAdminFileMutationKey,
    mutationFn: uploadAdminFile,
    // Each attempt stores a new file: never sent twice behind the admin's back.
    retry: false,
  });

  const update = useCallback((card: CardKind, id: number, changes: Partial<UploadItem>) => {
    setQueues((current) => ({
      ...current,
      [card]: current[card].map((item) => (item.id === id ? { ...item, ...changes } : item)),
    }));
  }, []);

  const addFiles = useCallback(
    async (card: CardKind, files: readonly File[]) => {
      const checked = await Promise.all(
        files.map(async (file) => ({
          file,
          id: nextId.current++,
          error: await checkUpload(file, uploadRules[card]),
        })),
      );
      setQueues((current) => ({
        ...current,
        [card]: [
          ...current[card],
          ...checked.map(({ file, id, error }): UploadItem => ({
            id,
            name: file.name,
            size: file.size,
            status: error ? 'error' : 'pending',
            progress: 0,
            ...(error ? { error } : {}),
          })),
        ],
      }));

      const refuse = (file: File, message: string) =>
        toast.error('Upload failed', { description: `${file.name}: ${message}` });
      let stored = 0;
      let refused = 0;
      for (const { file, id, error } of checked) {
        if (error) {
          refused += 1;
          refuse(file, error);
          continue;
        }
        update(card, id, { status: 'uploading', progress: 10 });
        try {
          await mutateAsync({ file, kind: card });
        } catch (failure) {
          const message = messageOf(failure);
          update(card, id, { status: 'error', error: message });
          refused += 1;
          refuse(file, message);
          continue;
        }
        update(card, id, { progress: 60 });
        stored += 1;
        // Every admin-files query is stale now; the list is fetched even when Manage Files is not
        // on screen, so it shows the new file as soon as it opens. The file is stored already: a
        // failed refresh only leaves the list to load later, it does not fail the upload.
        await queryClient
          .invalidateQueries({ queryKey: adminFilesQueryRoot })
          .catch(() => undefined);
        await queryClient.fetchQuery(filesQueryOptions()).catch(() => undefined);
        update(card, id, { progress: 80 });
        await nextPaint();
        update(card, id, { status: 'success', progress: 100 });
        toast.success(successToast[card], { description: file.name });
      }
      onBatchDone({ card, stored, refused });
    },
    [mutateAsync, onBatchDone, queryClient, update],
  );

  /** Drops the finished items (success or error) of a card. */
  const clearFinished = useCallback((card: CardKind) => {
    setQueues((current) => ({
      ...current,
      [card]: current[card].filter(
        (item) => item.status === 'pending' || item.status === 'uploading',
      ),
    }));
  }, []);

  return { queues, addFiles, clearFinished };
}
