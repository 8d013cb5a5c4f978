import { withPreview } from '#client/lib/preview';

/**
 * Where the admin screens send an administrator for one story or chapter: the learner pages as
 * previews of the working copy (decision 021) and the chapter's transcript editor.
 */
export const storyPreviewPath = (slug: string) =>
  withPreview(`/story/${encodeURIComponent(slug)}`, true);

export const chapterPreviewPath = (chapterId: string) =>
  withPreview(`/player/${encodeURIComponent(chapterId)}`, true);

export const chapterStudioPath = (chapterId: string) =>
  `/admin/chapters/${encodeURIComponent(chapterId)}/studio`;

/** The studio's review mode (decision 047): what waits in the chapter, a sentence at a time. */
export const chapterReviewPath = (chapterId: string) =>
  `${chapterStudioPath(chapterId)}?mode=review`;
