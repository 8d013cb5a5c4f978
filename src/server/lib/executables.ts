import fs from 'node:fs';
import path from 'node:path';

/** Whether a file exists and may be run. */
export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where a program is found on a search path (PATH's form), as a shell would find it. */
export function findOnPath(
  program: string,
  searchPath = process.env.PATH ?? '',
): string | undefined {
  return searchPath
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, program))
    .find(isExecutable);
}
