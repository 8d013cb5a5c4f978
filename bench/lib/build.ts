import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from './process.ts';
import { binPath, projectRoot } from './paths.ts';

/** Builds the client with Vite when dist/client is missing (a present build is used as is). */
export async function ensureClientBuild(log: (message: string) => void): Promise<void> {
  if (fs.existsSync(path.join(projectRoot, 'dist/client/index.html'))) return;
  log('dist/client is missing: building the client with vite');
  const result = await runCommand(binPath('vite'), ['build'], {
    cwd: projectRoot,
    timeoutMs: 180_000,
  });
  if (result.code !== 0) {
    throw new Error(`vite build failed (exit ${result.code}):\n${result.stderr || result.stdout}`);
  }
}
