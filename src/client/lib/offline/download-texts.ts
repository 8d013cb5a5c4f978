/**
 * What the downloads say to the learner (decision 040): one place for the words. A download that
 * gets no answer says what any request does (offlineTexts.serverUnreachable).
 */
export const downloadTexts = {
  download: 'Download for offline',
  downloadRest: (count: number) =>
    count === 1 ? 'Download the last chapter' : `Download the other ${count} chapters`,
  downloading: 'Downloading…',
  downloadingLabel: (title: string) => `Downloading ${title}`,
  cancel: 'Cancel',
  cancelLabel: (title: string) => `Cancel the download of ${title}`,
  downloaded: 'Downloaded',
  downloadedChapterLabel: 'Downloaded for offline listening',
  storyCount: (downloaded: number, total: number) =>
    `${downloaded} of ${total} ${total === 1 ? 'chapter' : 'chapters'} downloaded`,
  savedTitle: 'Saved for offline listening',
  savedChapter: (title: string) => `“${title}” plays without a connection now.`,
  savedStory: (title: string) => `Every chapter of “${title}” plays without a connection now.`,
  failedTitle: (title: string) => `Could not download “${title}”`,
  noSpace: 'There is not enough space on this device. Remove some downloads and try again.',
  failed: 'The download failed. Please try again.',
  manage: 'Manage downloads',
  /** Beside the disabled "Download for offline" while the browser is offline. */
  needsConnection: 'Downloads need a connection',
} as const;
