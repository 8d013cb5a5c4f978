import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from './process.ts';
import { projectRoot } from './paths.ts';

/**
 * Runs `npm run build` (client, server-rendering bundle, compiled server) when the client or the
 * compiled server the bench server runs is missing (a present build is used as is).
 */
export async function ensureBuild(log: (message: string) => void): Promise<void> {
  const built = ['dist/client/index.html', 'dist/server/index.js'];
  if (built.every((file) => fs.existsSync(path.join(projectRoot, file)))) return;
  log('the build is missing: npm run build');
  const result = await runCommand('npm', ['run', 'build'], {
    cwd: projectRoot,
    timeoutMs: 300_000,
  });
  if (result.code !== 0) {
    throw new Error(
      `npm run build failed (exit ${result.code}):\n${result.stderr || result.stdout}`,
    );
  }
}
