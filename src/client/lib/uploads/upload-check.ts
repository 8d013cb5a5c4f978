import { uploadMessages } from '#shared/contracts/admin-files';
import { checkFile, fileSizeMessage } from '#shared/validation/file-check';

/**
 * What an upload screen takes, as src/shared states it (an admin upload kind of `uploadRules`,
 * `avatarUploadRule`, `storyPackageUploadRule`): the types, the extensions that stand in for a
 * type the browser cannot name, the size limit, and how a type it does not take is refused (the
 * admin spec's 'File type {type} is not supported' unless the rule says otherwise).
 */
export interface UploadCheckRule {
  types: readonly string[];
  extensions: readonly string[];
  maxBytes: number;
  typeRefused?: (type: string) => string;
}

/** Other names some browsers give the registered types (the spec's "mp3" and "m4a"). */
const typeAliases: Readonly<Record<string, readonly string[]>> = {
  'audio/mpeg': ['audio/mp3'],
  'audio/mp4': ['audio/m4a'],
};

const typesOf = (rule: UploadCheckRule): string[] => [
  ...rule.types,
  ...rule.types.flatMap((type) => typeAliases[type] ?? []),
];

/** The last extension of a file name, lower case and without its dot ('' for none or '.env'). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The file picker's `accept`: the rule's types, their aliases and its extensions. */
export const acceptFor = (rule: UploadCheckRule): string =>
  [...typesOf(rule), ...rule.extensions.map((extension) => `.${extension}`)].join(',');

function hasAcceptedType(file: File, rule: UploadCheckRule): boolean {
  if (typesOf(rule).includes(file.type)) return true;
  // A browser that cannot name the type (often .json, .m4a or .zip): the extension decides here,
  // the server's content check decides for good.
  const unnamed = file.type === '' || file.type === 'application/octet-stream';
  return unnamed && rule.extensions.includes(extensionOf(file.name));
}

/**
 * The client's one answer before an upload (the server checks again, by content): the type, then
 * the spec's 'File size exceeds {n}MB limit', then the shared file check (name, emptiness,
 * dangerous extensions, an image's magic bytes). The message to show, or null.
 */
export async function checkUpload(file: File, rule: UploadCheckRule): Promise<string | null> {
  if (!hasAcceptedType(file, rule)) {
    const refused = rule.typeRefused ?? uploadMessages.typeNotSupported;
    return refused(file.type || extensionOf(file.name) || 'unknown');
  }
  if (file.size > rule.maxBytes) return fileSizeMessage(rule.maxBytes);
  const checked = await checkFile(file, { allowedTypes: [file.type], maxBytes: rule.maxBytes });
  return checked.ok ? null : checked.message;
}
