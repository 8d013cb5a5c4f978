/**
 * The server half of `npm run build` (decision 027): src/server and src/shared compiled to
 * JavaScript in dist/server and dist/shared, and the operator scripts production needs
 * (`npm run admin`, `npm run align`, `npm run content:import`) in dist/scripts, so an installed
 * server runs on plain Node after `npm ci --omit=dev` (no tsx, no TypeScript, no Vite).
 *
 * One JavaScript file per TypeScript file, at the same depth as its source (src/server/db/client.ts
 * → dist/server/db/client.js): code that finds files through `import.meta.url` (the migrations
 * folder, the demo library in content/generated, the built client) reaches the same places from
 * either tree. Nothing is bundled: relative imports are rewritten from `.ts` to `.js`, packages
 * stay imports of node_modules, and `#shared/*` / `#server/*` are resolved at run time by
 * dist/package.json, which maps them to the compiled files (Node reads the `imports` of the
 * nearest package.json). Types are not checked here: `npm run typecheck` does that.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** The operator scripts an installation runs (package.json `admin`, `align`, `content:import`). */
export const operatorScripts = [
  'scripts/admin.ts',
  'scripts/align.ts',
  'scripts/content/import.ts',
];

/** Files the server reads at run time beside its code, copied next to the compiled files. */
const runtimeAssets = ['server/db/migrations'];

/** dist/package.json: ES modules, and the aliases pointing at compiled files. */
export const distPackageJson = {
  private: true,
  type: 'module',
  imports: { '#shared/*': './shared/*.js', '#server/*': './server/*.js' },
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((relative) => {
    const file = path.join(dir, relative);
    const isCode = /\.ts$/.test(file) && !/\.(test|d)\.ts$/.test(file);
    return isCode && fs.statSync(file).isFile() ? [file] : [];
  });
}

/**
 * Keeps every import an import: a relative one is pointed at the compiled `.js` file, everything
 * else (packages, `node:`, `#shared/*`, `#server/*`) is left for Node to resolve at run time.
 */
export const keepImportsPlugin: Plugin = {
  name: 'keep-imports',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      if (!args.path.endsWith('.ts')) {
        return {
          errors: [
            {
              text: `relative import "${args.path}" must name its .ts file (Node needs the extension)`,
            },
          ],
        };
      }
      return { path: args.path.replace(/\.ts$/, '.js'), external: true };
    });
  },
};

async function compile(entryPoints: string[], outbase: string, outdir: string): Promise<void> {
  await build({
    entryPoints,
    outbase,
    outdir,
    bundle: true,
    plugins: [keepImportsPlugin],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

export async function buildServer(): Promise<void> {
  for (const dir of ['server', 'shared', 'scripts']) {
    fs.rmSync(path.join(dist, dir), { recursive: true, force: true });
  }
  const src = path.join(root, 'src');
  await compile(
    [...sourceFiles(path.join(src, 'server')), ...sourceFiles(path.join(src, 'shared'))],
    src,
    dist,
  );
  await compile(
    operatorScripts.map((script) => path.join(root, script)),
    path.join(root, 'scripts'),
    path.join(dist, 'scripts'),
  );
  for (const asset of runtimeAssets) {
    fs.cpSync(path.join(src, asset), path.join(dist, asset), { recursive: true });
  }
  fs.writeFileSync(
    path.join(dist, 'package.json'),
    `${JSON.stringify(distPackageJson, null, 2)}\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  await buildServer();
  console.log(
    `server compiled to dist/server, dist/shared, dist/scripts in ${Math.round(performance.now() - started)} ms`,
  );
}
