import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { distPackageJson, operatorScripts } from './build-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  imports: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Files the server starts by their address, not by an import: threads' entries. */
const threadEntries = ['src/server/lib/alignment-thread/alignment-worker.ts'];

/**
 * The packages a production install loads: every import reachable from the server's entry, its
 * threads' entries and the operator scripts, followed through the source the way the compiled
 * files follow it (type-only imports are erased). The server-rendering bundle imports no package
 * (checked below).
 */
async function packagesImportedAtRunTime(): Promise<string[]> {
  const entries = ['src/server/index.ts', ...threadEntries, ...operatorScripts];
  const result = await build({
    entryPoints: entries.map((entry) => path.join(root, entry)),
    absWorkingDir: root,
    bundle: true,
    packages: 'external',
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: path.join(root, 'dist/.imports-check'),
    logLevel: 'silent',
  });
  const names = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports
      .filter((entry) => entry.external && !entry.path.startsWith('node:'))
      .map((entry) => packageName(entry.path)),
  );
  return [...new Set(names)].sort();
}

describe('production install (npm ci --omit=dev)', () => {
  it('has every package the running product imports among the dependencies, none only a devDependency', async () => {
    const imported = await packagesImportedAtRunTime();
    // The check reaches the whole product, not a corner of it.
    expect(imported).toEqual(expect.arrayContaining(['fastify', 'pg', 'better-auth', 'zod']));
    const notInstalled = imported.filter((name) => !(name in packageJson.dependencies));
    expect(notInstalled, 'move these to "dependencies" in package.json').toEqual([]);
  });

  it('builds a server-rendering bundle that imports no package (the client packages are devDependencies)', async () => {
    const { default: viteConfig } = await import('../vite.config.ts');
    const config = viteConfig({ command: 'build', mode: 'production', isSsrBuild: true });
    expect(config.ssr?.noExternal).toBe(true);
  });

  it('keeps the build tools and the client packages out of the dependencies', () => {
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript', 'vitest', 'react', 'react-dom']) {
      expect(packageJson.dependencies).not.toHaveProperty(tool);
      expect(packageJson.devDependencies).toHaveProperty(tool);
    }
  });

  it('maps every alias of package.json to the compiled files in dist/package.json', () => {
    expect(Object.keys(distPackageJson.imports).sort()).toEqual(
      Object.keys(packageJson.imports).sort(),
    );
    for (const [alias, target] of Object.entries(packageJson.imports)) {
      const compiled = distPackageJson.imports[alias as keyof typeof distPackageJson.imports];
      // ./src/server/*.ts → ./server/*.js: the same file, compiled, relative to dist/.
      expect(compiled).toBe(target.replace(/^\.\/src\//, './').replace(/\.ts$/, '.js'));
    }
  });
});
