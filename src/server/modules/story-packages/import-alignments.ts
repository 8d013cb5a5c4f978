import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { AlignChapterPayload } from '../studio/align-chapter.job.ts';
import type { StartAlignment } from './story-packages.service.ts';

/**
 * The alignment of an imported chapter: the studio's `align-chapter` job (decision 021) over the
 * chapter's stored recording, with the package's sentences, translations and glosses. A chapter
 * whose alignment is already waiting or running keeps that one (a package imported twice).
 */
export function createImportAlignments(deps: { queue: JobQueue }): StartAlignment {
  const { queue } = deps;
  return async ({ chapterId, audioKey, transcript, createdBy }) => {
    const payload: AlignChapterPayload = { chapterId, audioKey, transcript, language: 'es' };
    const { job } = await queue.enqueueUnlessUnfinished({
      kind: 'align-chapter',
      payload,
      subjectId: chapterId,
      createdBy,
    });
    return job;
  };
}
