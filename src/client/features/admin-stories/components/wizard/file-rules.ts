import { readChapterFile, type ChapterFile } from '#shared/studio/chapter-text';

/**
 * The three kinds of file the wizard uploads (spec, section 5), each checked by its rule in
 * `uploadRules` (client/lib/uploads/upload-check.ts) before it is sent.
 */
export type WizardFileKind = 'cover' | 'audio' | 'transcript';

/**
 * What a file chosen for a chapter's transcript is (decision 048): a transcript the player reads,
 * uploaded as it is, or the chapter's plain text, kept in the form and aligned after the save.
 */
export async function readChapterTranscriptFile(file: File): Promise<ChapterFile> {
  return readChapterFile(new Uint8Array(await file.arrayBuffer()));
}
