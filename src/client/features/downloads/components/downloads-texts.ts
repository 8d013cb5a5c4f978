/** What /downloads says (decision 040). */
export const downloadsTexts = {
  title: 'Downloads',
  lead: 'Chapters saved on this device play without a connection.',
  loading: 'Loading your downloads...',
  emptyTitle: 'No downloads yet',
  empty:
    'Open a story and choose “Download for offline” to keep its chapters on this device for listening without a connection.',
  browse: 'Browse the Library',
  storageHeading: 'Storage on this device',
  storageUsed: (used: string, quota: string) => `${used} used of ${quota} available`,
  storageBar: 'Storage used on this device',
  storageUnknown: 'This browser does not say how much space is available.',
  total: (size: string) => `Downloads: ${size} in total`,
  chapters: (count: number) => (count === 1 ? '1 chapter' : `${count} chapters`),
  chapterTitle: (position: number, title: string) => `Chapter ${position}: ${title}`,
  remove: 'Remove',
  removeStory: 'Remove story',
  removeAll: 'Remove all downloads',
  confirmTitle: 'Remove all downloads?',
  confirmText:
    'Every downloaded chapter leaves this device. You can download them again when you are online.',
  confirm: 'Remove all',
  removing: 'Removing...',
  removed: 'Removed from this device',
  removeFailed: 'Could not remove the download. Please try again.',
} as const;
