import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What `npm run build` leaves for the server to render pages with, in a temporary directory:
 * client/index.html (`indexHtml`, whose entry script is /assets/index-1.js), the client's
 * .vite/manifest.json (that entry, the boot script and `chunks`, each a source file → its built
 * file) and render.js (`renderModule`), a stand-in for dist/ssr/entry-server.js. `appOptions`
 * go to createTestApp; `remove()` deletes the directory.
 */
export function writeServerRenderBundle(options: {
  prefix: string;
  indexHtml: string;
  chunks: Record<string, string>;
  renderModule: string;
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
  for (const sub of ['client', 'client/.vite']) fs.mkdirSync(path.join(dir, sub));
  fs.writeFileSync(path.join(dir, 'client', 'index.html'), options.indexHtml);
  fs.writeFileSync(
    path.join(dir, 'client', '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/client/boot.ts': { file: 'assets/boot-1.js', isEntry: true },
      ...Object.fromEntries(
        Object.entries(options.chunks).map(([source, file]) => [source, { file }]),
      ),
    }),
  );
  fs.writeFileSync(path.join(dir, 'render.js'), options.renderModule);
  return {
    appOptions: {
      clientDir: path.join(dir, 'client'),
      serverRenderEntry: path.join(dir, 'render.js'),
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
