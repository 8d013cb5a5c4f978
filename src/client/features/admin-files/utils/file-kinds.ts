import type { AdminFile } from '#shared/contracts/admin-files';
import type { Bucket } from '#shared/files';

/** The Files grid filters (spec: by type prefix). */
export const typeFilters = [
  { value: 'all', label: 'All Files' },
  { value: 'image', label: 'Images' },
  { value: 'audio', label: 'Audio' },
  { value: 'video', label: 'Video' },
  { value: 'document', label: 'Documents' },
] as const;
export type TypeFilter = (typeof typeFilters)[number]['value'];

export type FileCategory = Exclude<TypeFilter, 'all'> | 'other';

/** What a MIME type is, by its prefix; documents are text and application types. */
export function categoryOf(fileType: string): FileCategory {
  if (fileType.startsWith('image/')) return 'image';
  if (fileType.startsWith('audio/')) return 'audio';
  if (fileType.startsWith('video/')) return 'video';
  if (fileType.startsWith('text/') || fileType.startsWith('application/')) return 'document';
  return 'other';
}

export function filterFiles<T extends Pick<AdminFile, 'fileType' | 'originalFilename'>>(
  files: readonly T[],
  { search, type }: { search: string; type: TypeFilter },
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return files.filter(
    (file) =>
      (type === 'all' || categoryOf(file.fileType) === type) &&
      (needle === '' || file.originalFilename.toLocaleLowerCase().includes(needle)),
  );
}

/** Bucket names as the Associate tab shows them. */
export const bucketLabels: Record<Bucket, string> = {
  audios: 'Audio Files',
  trans: 'Transcripts',
  'series-images': 'Images',
  uploads: 'General Uploads',
};

export const formatUploadDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
