import type {
  AdminFile,
  FileSort,
  FileUse,
  FileUsageFilter,
  SortOrder,
} from '#shared/contracts/admin-files';
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

/** A file's chapter links in the working copy: what the Associate tab links and unlinks. */
export const chapterLinks = (file: Pick<AdminFile, 'uses'>) =>
  file.uses.filter((use): use is Extract<FileUse, { kind: 'chapter' }> => use.kind === 'chapter');

/** Whether anything uses the file: a chapter, a cover, the site, a profile (FileUse's kinds). */
export const isInUse = (file: Pick<AdminFile, 'uses'>) => file.uses.length > 0;

/** Where a file stands: used somewhere, unused (may be cleaned up), or not attached yet. */
export const usageOf = (file: Pick<AdminFile, 'uses' | 'unused'>): FileUsageFilter =>
  isInUse(file) ? 'in-use' : file.unused ? 'unused' : 'new';

export const usageLabels: Record<FileUsageFilter, string> = {
  'in-use': 'In use',
  unused: 'Unused',
  new: 'Not attached yet',
};

/** The usage select of the Files screen; 'all' sends no filter. */
export const usageFilters = [
  { value: 'all', label: 'All files' },
  { value: 'in-use', label: 'In use' },
  { value: 'unused', label: 'Unused (over 24 hours)' },
  { value: 'new', label: 'Not attached yet' },
] as const satisfies readonly { value: FileUsageFilter | 'all'; label: string }[];
export type UsageChoice = (typeof usageFilters)[number]['value'];

/** The sort select: each choice is a sort key and its order. */
export const sortChoices = [
  { value: 'date-desc', label: 'Newest first', sort: 'date', order: 'desc' },
  { value: 'date-asc', label: 'Oldest first', sort: 'date', order: 'asc' },
  { value: 'name-asc', label: 'Name (A–Z)', sort: 'name', order: 'asc' },
  { value: 'name-desc', label: 'Name (Z–A)', sort: 'name', order: 'desc' },
  { value: 'size-desc', label: 'Largest first', sort: 'size', order: 'desc' },
  { value: 'size-asc', label: 'Smallest first', sort: 'size', order: 'asc' },
] as const satisfies readonly { value: string; label: string; sort: FileSort; order: SortOrder }[];
export type SortChoice = (typeof sortChoices)[number]['value'];
