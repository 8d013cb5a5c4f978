import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function launch(entry: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['scripts/launch.mjs', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('scripts/launch.mjs', () => {
  it('never builds with NODE_ENV=production: a missing build stops it, naming the file and the command', () => {
    const result = launch('scripts/no-such-entry', { NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('dist/scripts/no-such-entry.js missing');
    expect(result.stderr).toContain('npm ci && npm run build');
    expect(result.stdout).not.toContain('building');
  });

  it('refuses to run without an entry', () => {
    const result = launch('', {});
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage: node scripts/launch.mjs');
  });
});
