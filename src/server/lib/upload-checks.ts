import { fileTypeFromBuffer } from 'file-type';
import { uploadMessages, type UploadRule } from '#shared/contracts/admin-files';
import { InvalidTranscriptError, parseTranscript } from '#shared/transcript-parse';
import { validationError, unsupportedMediaType } from '../../lib/errors.ts';
import { safeExtension } from '../../lib/storage/storage.ts';

export interface IncomingFile {
  buffer: Buffer;
  originalFilename: string;
  /** What the browser said the type was: only used to word the refusal. */
  declaredType: string;
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

const refuse = (rule: UploadRule, file: IncomingFile) =>
  unsupportedMediaType(
    (rule.types as readonly string[]).includes(file.declaredType)
      ? 'File content does not match declared type'
      : uploadMessages.typeNotSupported(
          file.declaredType || safeExtension(file.originalFilename) || 'unknown',
        ),
  );

/**
 * The type a file's content shows, when the rule accepts it. Binary types come from magic bytes;
 * text, which has none, must be valid UTF-8 without NUL bytes. A `.json` file must parse, and a
 * transcript must be one the player can read (src/shared/transcript-parse.ts). Throws 415 for a
 * type the rule refuses, 400 for text that is not what it claims.
 */
export async function checkContent(
  rule: UploadRule,
  file: IncomingFile,
  options: { transcript: boolean },
): Promise<string> {
  const detected = await fileTypeFromBuffer(file.buffer);
  const allowed = rule.types as readonly string[];
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
