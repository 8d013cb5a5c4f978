import type { FastifyRequest } from 'fastify';
import { uploadMessages } from '#shared/contracts/admin-files';
import { FILE_NAME_MAX_LENGTH, fileCheckMessages } from '#shared/validation/file-check';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';
import type { IncomingFile } from './upload-checks.ts';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Reading the body can only fail because of what the client sent (no boundary, a body cut off,
 * broken part headers: busboy throws plain errors for these) or because of a limit the multipart
 * plugin reports with its own 4xx status. Either way it is the client's mistake, never a 500.
 */
function asClientError(error: unknown): never {
  if (error instanceof AppError) throw error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) throw error;
  throw badRequest(uploadMessages.malformed);
}

/**
 * The one multipart reader: reads the request's one `file` field, cut at `maxBytes` — a longer
 * file is refused rather than silently truncated (STACK.md) — and checks what every upload must
 * be (not empty; a name of 1–255 characters without control characters) before anything is
 * stored. Its type is the service's to check (upload-checks.ts).
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<IncomingFile> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the file as multipart/form-data');
  const file = await request
    .file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })
    .catch(asClientError);
  if (!file) throw badRequest('No file was sent');
  const buffer = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge(uploadMessages.tooLarge(maxBytes));
    }
    return asClientError(error);
  });
  if (file.file.truncated) throw payloadTooLarge(uploadMessages.tooLarge(maxBytes));
  if (buffer.length === 0) throw badRequest(fileCheckMessages.empty);
  const name = file.filename ?? '';
  if (name.length === 0 || name.length > FILE_NAME_MAX_LENGTH) {
    throw badRequest(fileCheckMessages.nameLength);
  }
  if (CONTROL_CHARACTERS.test(name)) throw badRequest(fileCheckMessages.nameCharacters);
  return { buffer, originalFilename: name, declaredType: file.mimetype ?? '' };
}
