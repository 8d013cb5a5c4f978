import { z } from 'zod';
import { type Bucket, buckets } from '../files.ts';

/**
 * Admin files (content management: Upload, Files and Associate tabs, and the story wizard's
 * cover, audio and transcript uploads). Routes: src/server/modules/admin-files.
 *
 *   POST   /api/admin/files?bucket=<bucket>[&kind=cover]  multipart, one `file` field → 201 { file }
 *   GET    /api/admin/files[?storyId&usage&sort&order] → { files }, each with where it is used
 *   GET    /api/admin/files/association-targets → { stories } with their chapters
 *   GET    /api/admin/files/:id/download      the stored bytes, as an attachment
 *   DELETE /api/admin/files/:id[?detach=true] the record and the object → 204; a file in use is
 *          refused (409, its uses named) unless `detach=true` removes it from every use first
 *   POST   /api/admin/files/cleanup { fileIds } removes those still unused after 24 hours
 *   DELETE /api/admin/files/:id/association   clears every chapter link to the file
 *   POST   /api/admin/chapters/:chapterId/files { fileIds } links 1–2 files to a chapter
 */
export const bucketSchema = z.enum(buckets);

/** Buckets served to anyone by URL (/api/files/<bucket>/<key>); audio and transcripts are not. */
export const publicBuckets = ['series-images', 'uploads'] as const satisfies readonly Bucket[];
export const isPublicBucket = (bucket: Bucket) =>
  (publicBuckets as readonly Bucket[]).includes(bucket);

export const uploadQuerySchema = z
  .object({
    bucket: bucketSchema.default('uploads'),
    /** `cover`: the story cover rule (JPEG, PNG or WebP, 5 MB); only with bucket series-images. */
    kind: z.enum(['cover']).optional(),
  })
  .strict()
  .refine((query) => query.kind !== 'cover' || query.bucket === 'series-images', {
    message: 'The cover rule applies to the series-images bucket only',
    path: ['kind'],
  });
export type UploadQuery = z.infer<typeof uploadQuerySchema>;

export const fileUploadSchema = z.object({
  id: z.uuid(),
  /** The stored name: the last segment of filePath. */
  filename: z.string(),
  originalFilename: z.string(),
  fileType: z.string(),
  fileSize: z.number().int().nonnegative(),
  bucketName: bucketSchema,
  /**
   * The object key in its bucket. Chapters reference it as audio_file_id (bucket audios) or
   * transcript_file_id (bucket trans).
   */
  filePath: z.string(),
  uploadDate: z.iso.datetime(),
  /** Where anyone can open the file (public buckets only); null for audio and transcripts. */
  publicUrl: z.string().nullable(),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;

export const fileUploadResponseSchema = z.object({ file: fileUploadSchema });
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

export const fileRoles = ['audio', 'transcript'] as const;
export type FileRole = (typeof fileRoles)[number];

/**
 * An upload nothing uses is kept this long before it counts as unused and may be cleaned up: a
 * story wizard uploads files as they are chosen and attaches them only when the story is saved.
 */
export const UNUSED_AFTER_HOURS = 24;

const storyRef = { storyId: z.uuid(), storyTitle: z.string() };
const chapterRef = {
  ...storyRef,
  chapterId: z.uuid(),
  chapterTitle: z.string(),
  chapterPosition: z.number().int(),
};

/**
 * One place that names a stored file (how a use is found: admin-files.repository.ts, the one
 * home of the rule; how it reads: src/shared/file-uses.ts).
 *
 * - `chapter`: a chapter's audio or transcript in the working copy administrators edit;
 * - `published-chapter`: the same in a story's published revision, which learners read
 *   (decision 021) — deleting the file would give them 404;
 * - `transcript-version`: an older saved state of a chapter's transcript (the studio's history);
 * - `cover` / `published-cover`: a story's cover, in the working copy or the published revision;
 * - `logo`: the active site logo; `site-image`: an image of the home page (home_page_settings);
 * - `avatar`: a user's profile picture.
 */
export const fileUseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chapter'), role: z.enum(fileRoles), ...chapterRef }),
  z.object({ kind: z.literal('published-chapter'), role: z.enum(fileRoles), ...chapterRef }),
  z.object({ kind: z.literal('transcript-version'), version: z.number().int(), ...chapterRef }),
  z.object({ kind: z.literal('cover'), ...storyRef }),
  z.object({ kind: z.literal('published-cover'), ...storyRef }),
  z.object({ kind: z.literal('logo') }),
  z.object({ kind: z.literal('site-image'), settingKey: z.string() }),
  z.object({ kind: z.literal('avatar'), userId: z.string(), userName: z.string() }),
]);
export type FileUse = z.infer<typeof fileUseSchema>;
export type FileUseKind = FileUse['kind'];

export const adminFileSchema = fileUploadSchema.extend({
  /** Everywhere the file is used; empty when nothing uses it. */
  uses: z.array(fileUseSchema),
  /**
   * Nothing uses it and it was uploaded more than UNUSED_AFTER_HOURS ago: it may be cleaned up. A
   * file nothing uses yet that is younger is not unused (a wizard may be about to attach it).
   */
  unused: z.boolean(),
});
export type AdminFile = z.infer<typeof adminFileSchema>;

/** The usage filter: in use, unused (cleanable), or not attached yet (younger than 24 hours). */
export const fileUsageFilters = ['in-use', 'unused', 'new'] as const;
export type FileUsageFilter = (typeof fileUsageFilters)[number];
export const fileSorts = ['date', 'name', 'size'] as const;
export type FileSort = (typeof fileSorts)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** Each sort's natural order when none is asked for: newest, A to Z, largest first. */
export const defaultSortOrder: Record<FileSort, SortOrder> = {
  date: 'desc',
  name: 'asc',
  size: 'desc',
};

export const fileListQuerySchema = z
  .object({
    /** Only files some use of which belongs to this story (its chapters, history or cover). */
    storyId: z.uuid().optional(),
    usage: z.enum(fileUsageFilters).optional(),
    sort: z.enum(fileSorts).default('date'),
    order: z.enum(sortOrders).optional(),
  })
  .strict();
export type FileListQuery = z.input<typeof fileListQuerySchema>;

export const fileListResponseSchema = z.object({ files: z.array(adminFileSchema) });
export type FileListResponse = z.infer<typeof fileListResponseSchema>;

export const deleteFileQuerySchema = z
  .object({
    /**
     * After the administrator confirmed the list of uses: remove the file from every use, then
     * delete it, in one transaction. Without it a file in use is refused.
     */
    detach: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .strict();

/** At most this many files per clean-up request. */
export const CLEANUP_MAX_FILES = 5000;

export const cleanupFilesBodySchema = z
  .object({
    /** The unused files the administrator confirmed; those used or younger meanwhile are kept. */
    fileIds: z
      .array(z.uuid())
      .min(1, 'Choose at least one file')
      .max(CLEANUP_MAX_FILES, `Clean up at most ${CLEANUP_MAX_FILES} files at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each file can be chosen once'),
  })
  .strict();
export type CleanupFilesBody = z.infer<typeof cleanupFilesBodySchema>;

export const cleanupFilesResponseSchema = z.object({
  /** The files removed (record and stored object). */
  removed: z.array(z.object({ id: z.uuid(), originalFilename: z.string() })),
  /** How many of the files asked for were kept: used, too young, or already gone. */
  kept: z.number().int().nonnegative(),
});
export type CleanupFilesResponse = z.infer<typeof cleanupFilesResponseSchema>;

export const fileIdParamsSchema = z.object({ id: z.uuid() }).strict();
export const chapterIdParamsSchema = z.object({ chapterId: z.uuid() }).strict();

export const associationChapterSchema = z.object({
  id: z.uuid(),
  storyId: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  /** Object key in audios, '' when none (spec). */
  audioFileId: z.string(),
  /** Object key in trans, '' when none (spec). */
  transcriptFileId: z.string(),
  duration: z.number().int().nullable(),
});
export type AssociationChapter = z.infer<typeof associationChapterSchema>;

export const associationTargetsResponseSchema = z.object({
  stories: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      chapters: z.array(associationChapterSchema),
    }),
  ),
});
export type AssociationTargetsResponse = z.infer<typeof associationTargetsResponseSchema>;
export type AssociationStory = AssociationTargetsResponse['stories'][number];

export const associateFilesBodySchema = z
  .object({
    fileIds: z
      .array(z.uuid())
      .min(1, 'Choose at least one file')
      .max(2, 'Choose at most one audio file and one transcript')
      .refine((ids) => new Set(ids).size === ids.length, 'Each file can be chosen once'),
  })
  .strict();
export type AssociateFilesBody = z.infer<typeof associateFilesBodySchema>;

export const associateFilesResponseSchema = z.object({ chapter: associationChapterSchema });
export type AssociateFilesResponse = z.infer<typeof associateFilesResponseSchema>;

export const unassociateFileResponseSchema = z.object({
  chaptersUpdated: z.number().int().positive(),
});
export type UnassociateFileResponse = z.infer<typeof unassociateFileResponseSchema>;

/** The association helper's messages (admin spec, section 8). */
export const associationMessages = {
  fileNotFound: 'File not found',
  chapterNotFound: 'Chapter not found or no changes made',
  noAssociations: 'No associations found to remove',
} as const;

/** Types a general upload (bucket uploads) may hold: see docs/decisions/015-general-uploads.md. */
export const generalUploadTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/mp4',
  'audio/x-m4a',
  'audio/ogg',
  'application/pdf',
  'text/plain',
  'application/json',
] as const;

/**
 * Upload limits by kind (admin spec, section 5). The server checks size and, by magic bytes, the
 * type (text, which has none, must be UTF-8 without NUL bytes); the client checks the same table
 * first to answer at once. `extensions` help the client when the browser gives no type.
 */
export const uploadRules = {
  audio: {
    bucket: 'audios',
    maxBytes: 100 * 1024 * 1024,
    types: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4', 'audio/x-m4a'],
    extensions: ['mp3', 'wav', 'm4a'],
  },
  transcript: {
    bucket: 'trans',
    maxBytes: 5 * 1024 * 1024,
    types: ['text/plain', 'application/json'],
    extensions: ['txt', 'json'],
  },
  image: {
    bucket: 'series-images',
    maxBytes: 10 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
  },
  cover: {
    bucket: 'series-images',
    maxBytes: 5 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp'],
    extensions: ['jpg', 'jpeg', 'png', 'webp'],
  },
  general: {
    bucket: 'uploads',
    maxBytes: 50 * 1024 * 1024,
    types: generalUploadTypes,
    extensions: [
      'jpg',
      'jpeg',
      'png',
      'webp',
      'gif',
      'mp3',
      'wav',
      'm4a',
      'ogg',
      'pdf',
      'txt',
      'json',
    ],
  },
} as const satisfies Record<
  string,
  {
    bucket: Bucket;
    maxBytes: number;
    types: readonly string[];
    extensions: readonly string[];
  }
>;
export type UploadKind = keyof typeof uploadRules;
export type UploadRule = (typeof uploadRules)[UploadKind];

/** The rule an upload follows: by bucket, and the cover rule when asked for. */
export function uploadKindFor(bucket: Bucket, kind?: 'cover'): UploadKind {
  switch (bucket) {
    case 'audios':
      return 'audio';
    case 'trans':
      return 'transcript';
    case 'series-images':
      return kind === 'cover' ? 'cover' : 'image';
    case 'uploads':
      return 'general';
  }
}

/** Whole megabytes, as the spec's messages show the limits. */
export const limitInMegabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** A length limit as people say it: '120 minutes', '1 minute', '45 seconds'. */
const lengthInWords = (seconds: number) => {
  const unit =
    seconds % 60 === 0
      ? { count: seconds / 60, name: 'minute' }
      : { count: seconds, name: 'second' };
  return `${unit.count} ${unit.name}${unit.count === 1 ? '' : 's'}`;
};

/** The generic upload component's messages (admin spec, section 5). */
export const uploadMessages = {
  typeNotSupported: (type: string) => `File type ${type} is not supported`,
  tooLarge: (maxBytes: number) => `File size exceeds ${limitInMegabytes(maxBytes)}MB limit`,
  malformed: 'The upload could not be read: the form data is incomplete or malformed',
  /** Past MAX_RECORDING_MINUTES (decision 059): said at upload, in the studio and by the job. */
  recordingTooLong: (limitSeconds: number) =>
    `The recording is longer than ${lengthInWords(limitSeconds)}, the longest this server accepts (MAX_RECORDING_MINUTES): split it into shorter chapters`,
} as const;
