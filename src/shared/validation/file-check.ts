/**
 * The spec's client-side file check (learner spec, section 5): one pure function that every
 * upload runs before it sends a file (the avatar now, the admin uploads later). The server checks
 * again; this check exists to give the user the spec's message at once.
 */

const MB = 1024 * 1024;

export const DEFAULT_MAX_FILE_BYTES = 100 * MB;
export const FILE_NAME_MAX_LENGTH = 255;

/** The spec's allowed types, in its order. */
export const DEFAULT_ALLOWED_FILE_TYPES = [
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/m4a',
  'audio/aac',
  'text/plain',
  'text/vtt',
  'application/json',
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/webp',
  'image/gif',
] as const;

export const fileCheckMessages = {
  nameLength: 'Invalid file name length',
  nameCharacters: 'Invalid characters in file name',
  typeNotAllowed: 'File type not allowed',
  /** The spec's text for the default limit (`fileSizeMessage` words any other limit alike). */
  tooLarge: 'File size exceeds 100MB limit',
  empty: 'File is empty',
  suspiciousExtension: 'Suspicious file extension detected',
  path: 'Invalid file path detected',
  contentMismatch: 'File content does not match declared type',
  unreadable: 'Failed to validate file content',
} as const;

/** 'File size exceeds {n}MB limit' for a limit in bytes (5 MB → 'File size exceeds 5MB limit'). */
export const fileSizeMessage = (maxBytes: number): string =>
  `File size exceeds ${Number((maxBytes / MB).toFixed(2))}MB limit`;

/** Executable and server-script extensions: refused as the last extension or just before it. */
const SUSPICIOUS_EXTENSIONS = new Set([
  'exe',
  'bat',
  'cmd',
  'com',
  'scr',
  'pif',
  'msi',
  'msp',
  'dll',
  'cpl',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'jar',
  'wsf',
  'wsh',
  'hta',
  'ps1',
  'psm1',
  'sh',
  'bash',
  'zsh',
  'php',
  'phtml',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'pl',
  'py',
  'rb',
  'lnk',
  'reg',
  'app',
  'apk',
  'deb',
  'rpm',
  'dmg',
]);

type Signature = ReadonlyArray<{ offset: number; bytes: readonly number[] }>;

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const JPEG: Signature = [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }];

/** Magic bytes of the image types; other types have no content check. */
const IMAGE_SIGNATURES: Readonly<Record<string, Signature>> = {
  'image/jpeg': JPEG,
  'image/jpg': JPEG,
  'image/png': [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47] }],
  'image/webp': [
    { offset: 0, bytes: ascii('RIFF') },
    { offset: 8, bytes: ascii('WEBP') },
  ],
  'image/gif': [{ offset: 0, bytes: ascii('GIF8') }],
};
const SIGNATURE_LENGTH = 12;

/** What the check reads of a file: a browser `File`/`Blob` fits, and so does a test double. */
export interface CheckableFile {
  name: string;
  type: string;
  size: number;
  slice?: (start?: number, end?: number) => { arrayBuffer(): Promise<ArrayBuffer> };
  arrayBuffer?: () => Promise<ArrayBuffer>;
}

export interface FileCheckOptions {
  /** Defaults to the spec's list. */
  allowedTypes?: readonly string[];
  /** Defaults to 100 MB. */
  maxBytes?: number;
}

export type FileCheckResult = { ok: true } | { ok: false; message: string };

const fail = (message: string): FileCheckResult => ({ ok: false, message });

function hasSuspiciousExtension(name: string): boolean {
  const parts = name.toLowerCase().split('.').slice(1);
  // "photo.exe" and the double-extension trick "photo.exe.jpg".
  return parts.slice(-2).some((extension) => SUSPICIOUS_EXTENSIONS.has(extension.trim()));
}

function hasPathPart(name: string): boolean {
  if (/[\\/]/.test(name)) return true;
  if (/%(2f|5c)/i.test(name)) return true;
  return name === '.' || name === '..';
}

async function readHead(file: CheckableFile): Promise<Uint8Array> {
  if (typeof file.slice === 'function') {
    return new Uint8Array(await file.slice(0, SIGNATURE_LENGTH).arrayBuffer());
  }
  if (typeof file.arrayBuffer === 'function') {
    return new Uint8Array(await file.arrayBuffer()).subarray(0, SIGNATURE_LENGTH);
  }
  throw new Error('The file cannot be read');
}

const matches = (head: Uint8Array, signature: Signature): boolean =>
  signature.every(({ offset, bytes }) =>
    bytes.every((byte, index) => head[offset + index] === byte),
  );

/**
 * Checks a file in the spec's order: name length, name characters, type, size, emptiness,
 * extension, path, then (images only) the content's magic bytes. Never throws.
 */
export async function checkFile(
  file: CheckableFile,
  options: FileCheckOptions = {},
): Promise<FileCheckResult> {
  const allowedTypes = options.allowedTypes ?? DEFAULT_ALLOWED_FILE_TYPES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const name = typeof file.name === 'string' ? file.name : '';

  if (name.length === 0 || name.length > FILE_NAME_MAX_LENGTH) {
    return fail(fileCheckMessages.nameLength);
  }
  if (name.includes('\0')) return fail(fileCheckMessages.nameCharacters);
  if (!allowedTypes.includes(file.type)) return fail(fileCheckMessages.typeNotAllowed);
  if (file.size > maxBytes) return fail(fileSizeMessage(maxBytes));
  if (file.size <= 0) return fail(fileCheckMessages.empty);
  if (hasSuspiciousExtension(name)) return fail(fileCheckMessages.suspiciousExtension);
  if (hasPathPart(name)) return fail(fileCheckMessages.path);

  const signature = IMAGE_SIGNATURES[file.type];
  if (signature === undefined) return { ok: true };
  let head: Uint8Array;
  try {
    head = await readHead(file);
  } catch {
    return fail(fileCheckMessages.unreadable);
  }
  return matches(head, signature) ? { ok: true } : fail(fileCheckMessages.contentMismatch);
}
