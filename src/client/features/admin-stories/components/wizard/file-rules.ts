import { uploadRules } from '#shared/contracts/admin-files';
import { readChapterFile, type ChapterFile } from '#shared/studio/chapter-text';
import { checkFile, fileSizeMessage } from '#shared/validation/file-check';

/** The three kinds of file the wizard uploads (spec, section 5). */
export type WizardFileKind = 'cover' | 'audio' | 'transcript';

const extensions = (kind: WizardFileKind): string[] =>
  uploadRules[kind].extensions.map((extension) => `.${extension}`);

/** Types some browsers report for the spec's "mp3" and "m4a" besides the registered ones. */
const typeAliases: Record<WizardFileKind, readonly string[]> = {
  cover: [],
  audio: ['audio/mp3', 'audio/m4a'],
  transcript: [],
};

/** The file picker's `accept`: the kind's types and extensions. */
export const acceptFor = (kind: WizardFileKind): string =>
  [...uploadRules[kind].types, ...typeAliases[kind], ...extensions(kind)].join(',');

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
};

function hasAcceptedType(file: File, kind: WizardFileKind): boolean {
  const types: readonly string[] = uploadRules[kind].types;
  if (types.includes(file.type) || typeAliases[kind].includes(file.type)) return true;
  // A browser that cannot name the type: the extension decides here, the server's content check
  // decides for good.
  const unnamed = file.type === '' || file.type === 'application/octet-stream';
  return unnamed && extensions(kind).includes(extensionOf(file.name));
}

/**
 * The client's answer before uploading (the server checks again): the spec's messages 'File type
 * {type} is not supported' and 'File size exceeds {n}MB limit', then the shared file check (name,
 * emptiness, dangerous extensions, an image's magic bytes). Resolves to the message, or null.
 */
export async function checkWizardFile(file: File, kind: WizardFileKind): Promise<string | null> {
  const { maxBytes } = uploadRules[kind];
  if (!hasAcceptedType(file, kind)) {
    return `File type ${file.type || extensionOf(file.name) || 'unknown'} is not supported`;
  }
  if (file.size > maxBytes) return fileSizeMessage(maxBytes);
  const checked = await checkFile(file, { allowedTypes: [file.type], maxBytes });
  return checked.ok ? null : checked.message;
}

/**
 * What a file chosen for a chapter's transcript is (decision 048): a transcript the player reads,
 * uploaded as it is, or the chapter's plain text, kept in the form and aligned after the save.
 */
export async function readChapterTranscriptFile(file: File): Promise<ChapterFile> {
  return readChapterFile(new Uint8Array(await file.arrayBuffer()));
}
