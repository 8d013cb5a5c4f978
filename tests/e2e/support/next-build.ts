import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The next version of the app, for the update journey (decision 039): a second client build that
 * marks <html data-build="next">, and a proxy in front of the test server that serves either the
 * running build (everything passed through) or, once switched, the next one: its /sw.js, its
 * assets (only its own: the old ones are gone, as after a deploy), its app shell and its
 * unrendered index.html for every page.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The attribute the next build sets on <html>. */
export const NEXT_BUILD_MARKER = 'next';

const BUILD_SCRIPT = `
import { build } from 'vite';
await build({
  configFile: 'vite.config.ts',
  logLevel: 'error',
  build: { outDir: process.env.NEXT_BUILD_DIR, emptyOutDir: true },
  plugins: [{
    name: 'next-build-marker',
    transform(code, id) {
      if (id.endsWith('/src/client/main.tsx'))
        return code + '\\ndocument.documentElement.dataset.build = ${JSON.stringify(NEXT_BUILD_MARKER)};\\n';
    },
  }],
});
`;

/** Builds the client again (`vite build`, the service worker included) into a temporary folder. */
export async function buildNextClient(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-next-build-'));
  // As `npm run build` does: without NODE_ENV, so Vite makes the production bundle.
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_BUILD_DIR: outDir };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, ['--input-type=module', '-e', BUILD_SCRIPT], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the next build failed (${code}):\n${stderr}`);
  return outDir;
}

export interface BuildSwitchProxy {
  url: string;
  /** From now on the next build is what the site serves. */
  serveBuild: (dir: string) => void;
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export async function startBuildSwitchProxy(target: string): Promise<BuildSwitchProxy> {
  const upstream = new URL(target);
  let buildDir: string | undefined;

  const sendFile = (res: http.ServerResponse, file: string) => {
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(fs.readFileSync(file));
  };

  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://proxy').pathname;
    if (buildDir && req.method === 'GET') {
      if (pathname === '/sw.js') return sendFile(res, path.join(buildDir, 'sw.js'));
      if (pathname.startsWith('/assets/')) return sendFile(res, path.join(buildDir, pathname));
      if (pathname === '/app-shell.html') return sendFile(res, path.join(buildDir, 'index.html'));
      const isPage = !pathname.startsWith('/api/') && path.extname(pathname) === '';
      if (isPage) return sendFile(res, path.join(buildDir, 'index.html'));
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // localhost: a secure context, where service workers run.
    url: `http://localhost:${port}`,
    serveBuild: (dir) => {
      buildDir = dir;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
