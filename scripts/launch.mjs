/**
 * Runs a compiled entry of dist/ (decision 027): `npm start` runs `node scripts/launch.mjs
 * server/index`, the operator scripts `scripts/admin`, `scripts/align`, `scripts/content/import`.
 * Plain JavaScript, because it must run where only production dependencies are installed.
 *
 * - NODE_ENV=production: never builds. A missing build is an error naming the command to run.
 * - Otherwise (a clone someone just installed): builds what is missing or older than its sources,
 *   the client (Vite) only for the server, then runs the entry. Later starts take no build time.
 *
 * The entry runs in this process (no second Node), with process.argv as if it had been started
 * directly, so it receives its own arguments and the signals sent to `npm start`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildEnv } from './build-env.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** What each part of `npm run build` writes, what it is made from, and how it is made. */
const parts = {
  client: {
    outputs: ['dist/client/index.html', 'dist/ssr/entry-server.js'],
    sources: ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json'],
    tool: 'node_modules/vite/bin/vite.js',
    commands: [
      ['node_modules/vite/bin/vite.js', 'build'],
      ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/client/entry-server.tsx'],
    ],
  },
  server: {
    outputs: ['dist/package.json', 'dist/server/index.js'],
    sources: ['src/server', 'src/shared', 'scripts', 'package.json'],
    tool: 'node_modules/tsx/package.json',
    commands: [['--import', 'tsx', 'scripts/build-server.ts']],
  },
};

const [entry, ...entryArgs] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/launch.mjs <entry in dist, e.g. server/index> [arguments]');
  process.exit(2);
}
const entryFile = path.join(root, 'dist', `${entry}.js`);
const needed = entry === 'server/index' ? ['server', 'client'] : ['server'];
const production = process.env.NODE_ENV === 'production';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) {
    if (name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

const exists = (file) => fs.existsSync(path.join(root, file));
const builtAt = (outputs) =>
  Math.min(
    ...outputs.map((file) => (exists(file) ? fs.statSync(path.join(root, file)).mtimeMs : 0)),
  );

function refuse(problem) {
  console.error(
    `[relatos] ${problem}\n` +
      '[relatos] Build where the dev dependencies are installed: `npm ci && npm run build`; ' +
      'production then needs only `npm ci --omit=dev` (docs/operations.md).',
  );
  process.exit(1);
}

for (const name of needed) {
  const part = parts[name];
  const outputs = name === 'server' ? [...part.outputs, `dist/${entry}.js`] : part.outputs;
  const missing = outputs.filter((file) => !exists(file));
  if (production) {
    // An installed server runs what was built for it; it never builds at start.
    if (missing.length > 0) {
      refuse(`NODE_ENV=production and the build is incomplete: ${missing.join(', ')} missing.`);
    }
    continue;
  }
  const builtTime = missing.length > 0 ? 0 : builtAt(outputs);
  const sourcesTime = Math.max(
    ...part.sources.map((source) => newestMtime(path.join(root, source))),
  );
  if (builtTime >= sourcesTime) continue;
  const state = builtTime === 0 ? 'missing' : 'out of date';
  if (!exists(part.tool)) {
    refuse(
      `the ${name} build is ${state} and the build tools (dev dependencies) are not installed.`,
    );
  }
  console.log(`[relatos] the ${name} build is ${state}: building it…`);
  for (const args of part.commands) {
    const result = spawnSync(process.execPath, args, {
      cwd: root,
      stdio: 'inherit',
      env: buildEnv(process.env),
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

process.argv = [process.argv[0], entryFile, ...entryArgs];
await import(pathToFileURL(entryFile).href);
