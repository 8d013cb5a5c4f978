/**
 * `npm start` builds the client (dist/client) and its server-rendering bundle (dist/ssr) only when
 * one is missing or older than any of their sources, so a fresh clone works with one command and
 * later starts take no build time.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtFiles = ['dist/client/index.html', 'dist/ssr/entry-server.js'].map((file) =>
  path.join(root, file),
);
const sources = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = Math.min(
  ...builtFiles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)),
);
const sourcesAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt >= sourcesAt) {
  console.log('[relatos] client build is up to date');
} else {
  console.log(
    builtAt === 0
      ? '[relatos] building the client…'
      : '[relatos] client sources changed, rebuilding…',
  );
  // The two steps of `npm run build`.
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr', 'src/client/entry-server.tsx']]) {
    const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
