import { fileTypeFromBuffer } from 'file-type';
import { uploadMessages } from '#shared/contracts/admin-files';
import { fileCheckMessages } from '#shared/validation/file-check';
import { InvalidTranscriptError, parseTranscript } from '#shared/transcript-parse';
import { validationError, unsupportedMediaType } from './errors.ts';
import { safeExtension } from './storage/storage.ts';

/** A file as the multipart reader (uploads.ts) received it: size and name checked, type not yet. */
export interface IncomingFile {
  buffer: Buffer;
  originalFilename: string;
  /** What the browser said the type was: only used to word the refusal. */
  declaredType: string;
}

/** A file whose content was checked: `contentType` is what its content shows. */
export interface CheckedFile {
  buffer: Buffer;
  originalFilename: string;
  contentType: string;
}

/** The types an upload accepts (an admin upload rule, the avatar rule…). */
export interface ContentRule {
  types: readonly string[];
  /** How a type the rule does not take is refused; the admin spec's wording by default. */
  typeRefused?: (type: string) => string;
}

const textTypes = ['text/plain', 'application/json'];

/** UTF-8 text without NUL bytes (a leading byte order mark dropped), or null. */
export function decodeText(buffer: Buffer): string | null {
  if (buffer.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return null;
  }
}

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const refuse = (rule: ContentRule, file: IncomingFile) =>
  unsupportedMediaType(
    rule.types.includes(file.declaredType)
      ? fileCheckMessages.contentMismatch
      : (rule.typeRefused ?? uploadMessages.typeNotSupported)(
          file.declaredType || safeExtension(file.originalFilename) || 'unknown',
        ),
  );

/**
 * The type a file's content shows, when the rule accepts it. Binary types come from magic bytes;
 * text, which has none, must be valid UTF-8 without NUL bytes. A `.json` file must parse, and a
 * transcript must be one the player can read (src/shared/transcript-parse.ts). A type the rule
 * refuses is an unsupported media type; text that is not what it claims, a validation error.
 */
async function contentTypeOf(
  rule: ContentRule,
  file: IncomingFile,
  options: { transcript: boolean },
): Promise<string> {
  const detected = await fileTypeFromBuffer(file.buffer);
  const allowed = rule.types;
  if (detected) {
    if (!allowed.includes(detected.mime)) throw refuse(rule, file);
    return detected.mime;
  }
  if (!allowed.some((type) => textTypes.includes(type))) throw refuse(rule, file);
  const text = decodeText(file.buffer);
  if (text === null) throw refuse(rule, file);

  if (options.transcript) {
    try {
      parseTranscript(text);
    } catch (error) {
      if (error instanceof InvalidTranscriptError) {
        throw validationError(`The player cannot read this transcript: ${error.message}`);
      }
      throw error;
    }
    return looksLikeJson(text) ? 'application/json' : 'text/plain';
  }
  const namedJson = safeExtension(file.originalFilename) === 'json';
  if (namedJson && !isJson(text)) throw validationError('File is not valid JSON');
  return namedJson || (looksLikeJson(text) && isJson(text)) ? 'application/json' : 'text/plain';
}

/** The file with the type its content shows, once the rule accepts it (see contentTypeOf). */
export async function checkContent(
  rule: ContentRule,
  file: IncomingFile,
  options: { transcript: boolean } = { transcript: false },
): Promise<CheckedFile> {
  const contentType = await contentTypeOf(rule, file, options);
  return { buffer: file.buffer, originalFilename: file.originalFilename, contentType };
}
