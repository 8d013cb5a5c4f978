import { uploadMessages, uploadRules, type UploadKind } from '#shared/contracts/admin-files';
import { checkFile, fileSizeMessage } from '#shared/validation/file-check';

/** Types some browsers report besides the registered ones (the spec's "mp3" and "m4a"). */
const typeAliases: Record<UploadKind, readonly string[]> = {
  audio: ['audio/mp3', 'audio/m4a'],
  transcript: [],
  image: [],
  cover: [],
  general: ['audio/mp3', 'audio/m4a'],
};

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The file picker's `accept`: the kind's types, aliases and extensions. */
export const acceptFor = (kind: UploadKind): string =>
  [
    ...uploadRules[kind].types,
    ...typeAliases[kind],
    ...uploadRules[kind].extensions.map((extension) => `.${extension}`),
  ].join(',');

function hasAcceptedType(file: File, kind: UploadKind): boolean {
  const rule = uploadRules[kind];
  const types: readonly string[] = rule.types;
  if (types.includes(file.type) || typeAliases[kind].includes(file.type)) return true;
  // A browser that cannot name the type (often .json or .m4a): the extension decides here, the
  // server's content check decides for good.
  const unnamed = file.type === '' || file.type === 'application/octet-stream';
  return unnamed && (rule.extensions as readonly string[]).includes(extensionOf(file.name));
}

/**
 * The client's answer before uploading (the server checks again by content): the spec's
 * 'File type {type} is not supported' and 'File size exceeds {n}MB limit', then the shared file
 * check (name, emptiness, dangerous extensions, an image's magic bytes). The message, or null.
 */
export async function checkUpload(file: File, kind: UploadKind): Promise<string | null> {
  const { maxBytes } = uploadRules[kind];
  if (!hasAcceptedType(file, kind)) {
    return uploadMessages.typeNotSupported(file.type || extensionOf(file.name) || 'unknown');
  }
  if (file.size > maxBytes) return fileSizeMessage(maxBytes);
  const checked = await checkFile(file, { allowedTypes: [file.type], maxBytes });
  return checked.ok ? null : checked.message;
}
