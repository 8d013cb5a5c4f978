import type { FileUse } from './contracts/admin-files.ts';

/**
 * How a use of a stored file reads, on the files screen, in its delete dialogs and in the
 * refusal the server sends when a file in use is deleted: one home for the words.
 */
export function describeFileUse(use: FileUse): string {
  switch (use.kind) {
    case 'chapter':
      return `${use.storyTitle} → ${use.chapterTitle} (${use.role})`;
    case 'published-chapter':
      return `${use.storyTitle} → ${use.chapterTitle} (published ${use.role})`;
    case 'transcript-version':
      return `${use.storyTitle} → ${use.chapterTitle} (transcript version ${use.version})`;
    case 'cover':
      return `${use.storyTitle} (cover)`;
    case 'published-cover':
      return `${use.storyTitle} (published cover)`;
    case 'logo':
      return 'Site logo';
    case 'site-image':
      return `Home page image (${use.settingKey.replaceAll('_', ' ')})`;
    case 'avatar':
      return `Profile picture of ${use.userName}`;
  }
}

/** Whether learners see this use now or after the story is set to published again. */
export const isPublishedUse = (use: FileUse) =>
  use.kind === 'published-chapter' || use.kind === 'published-cover';

/** How many uses the refusal names in its message; all of them are in its details. */
const NAMED_IN_MESSAGE = 5;

export const fileUseMessages = {
  inUse(originalFilename: string, uses: readonly FileUse[]): string {
    const named = uses.slice(0, NAMED_IN_MESSAGE).map(describeFileUse);
    const more = uses.length - named.length;
    const list = more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
    return `${originalFilename} is in use: ${list}`;
  },
  inUseHint: 'Detach it everywhere and delete it, or remove it from these uses first.',
} as const;
