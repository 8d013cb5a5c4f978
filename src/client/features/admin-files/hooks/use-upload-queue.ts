import { useCallback, useRef, useState } from 'react';
import { uploadRules } from '#shared/contracts/admin-files';
import { toast } from '#client/lib/toast';
import { useUploadAdminFile } from '../api/upload-file';
import { checkUpload } from '../utils/upload-check';

/** The four upload cards of the Upload tab, each with its rule (spec, section 5). */
export type CardKind = 'audio' | 'transcript' | 'image' | 'general';
export const cardKinds: readonly CardKind[] = ['audio', 'transcript', 'image', 'general'];

export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error';

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0, then 10, 60, 80 and 100 while uploading (spec). */
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

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Upload failed';

/**
 * Upload items per card: each file is checked first (a failing one starts as error), then sent
 * one after the other: pending → uploading (10, 60, 80, 100) → success or error. `onUploaded`
 * runs once a batch has stored at least one file.
 */
export function useUploadQueue(onUploaded: () => void) {
  const [queues, setQueues] = useState(emptyQueues);
  const nextId = useRef(1);
  const upload = useUploadAdminFile();
  const { mutateAsync } = upload;

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
          error: await checkUpload(file, card),
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

      let stored = 0;
      for (const { file, id, error } of checked) {
        if (error) continue;
        update(card, id, { status: 'uploading', progress: 10 });
        try {
          const request = mutateAsync({ file, bucket: uploadRules[card].bucket });
          update(card, id, { progress: 60 });
          await request;
          update(card, id, { progress: 80 });
          update(card, id, { status: 'success', progress: 100 });
          stored += 1;
          toast.success(successToast[card], { description: file.name });
        } catch (failure) {
          const message = messageOf(failure);
          update(card, id, { status: 'error', error: message });
          toast.error('Upload failed', { description: `${file.name}: ${message}` });
        }
      }
      if (stored > 0) onUploaded();
    },
    [mutateAsync, onUploaded, update],
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
