import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Vite wraps every dynamic import in a preload helper that fetches the chunk's CSS and JavaScript
 * dependencies first (~0.9 kB gzip on every first load). Ours never lists JavaScript dependencies
 * (modulePreload.resolveDependencies below), so only the CSS part is needed: this is it.
 * Decision 039.
 */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
const preloadHelper = `const loading = {};
const loadCss = (href) => (loading[href] ??= new Promise((resolve, reject) => {
  for (const link of document.querySelectorAll('link[rel=stylesheet]')) if (link.href === href) return resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.onload = resolve;
  link.onerror = () => {
    delete loading[href];
    reject(new Error('Unable to preload CSS for ' + href));
  };
  document.head.append(link);
}));
export const __vitePreload = (importModule, deps) =>
  Promise.all((deps || []).filter((dep) => dep.endsWith('.css')).map((dep) => loadCss(new URL(dep, location.origin + '/').href))).then(importModule);`;
const cssOnlyPreloadHelper = (): Plugin => ({
  name: 'relatos:css-only-preload-helper',
  enforce: 'pre',
  apply: 'build',
  resolveId: (id) => (id === PRELOAD_HELPER_ID ? id : undefined),
  load: (id) => (id === PRELOAD_HELPER_ID ? preloadHelper : undefined),
});

// The API listens on 3001 in development (the Vite dev server owns 5173); API_PORT overrides.
const apiPort = process.env.API_PORT ?? '3001';

/**
 * The chunks only the admin area loads (reached from the entries only through admin-routes): the
 * service worker does not precache them, since admin pages never open offline (decision 039).
 */
const adminOnlyChunks = new Set<string>();
const findAdminOnlyChunks = (): Plugin => ({
  name: 'relatos:admin-only-chunks',
  apply: 'build',
  generateBundle(_options, bundle) {
    adminOnlyChunks.clear();
    const chunks = new Map(
      Object.values(bundle)
        .filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
        .map((chunk) => [chunk.fileName, chunk]),
    );
    const isAdminRoutes = (chunk: Rolldown.OutputChunk | undefined) =>
      chunk?.facadeModuleId?.endsWith('/src/client/app/routes/admin/admin-routes.tsx') ?? false;
    const learner = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = chunks.get(fileName);
      if (!chunk || learner.has(fileName) || isAdminRoutes(chunk)) return;
      learner.add(fileName);
      for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
    };
    for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
    for (const fileName of chunks.keys()) if (!learner.has(fileName)) adminOnlyChunks.add(fileName);
  },
});

/**
 * The icons the home page shares with the other learner pages travel as one chunk: as eleven
 * chunks of about 0.2 kB each, their per-file cost (an import line in each user, a gzip header)
 * was what put `/` over its 120 kB budget (120.5 → 119.3 kB, /library unchanged). An icon left
 * out only costs a small chunk of its own.
 */
const learnerIcons = {
  name: 'learner-icons',
  test: /lucide-react\/dist\/esm\/icons\/(arrow-right|chevron-right|clock|headphones|info|languages|lock|pause|play|rotate-cw|sparkles)\.mjs$/,
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    cssOnlyPreloadHelper(),
    findAdminOnlyChunks(),
    // The service worker (decision 039): src/client/service-worker/sw.ts built to /sw.js with the
    // list of files to precache. The page registers it itself (lib/service-worker); the web app
    // manifest is served by the server (it carries the platform's name). Dev runs without it.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/client/service-worker',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        includeManifestIcons: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,svg,png,ico}', 'index.html'],
          // Not the 1.35 MB SQL engine of the admin's dry-run, the demo's audio, or the build's
          // own files: those are fetched when used.
          globIgnores: ['**/sql-js-*', 'demo/**', '.vite/**', 'sw.js'],
          // Hashed files need no revision of their own.
          dontCacheBustURLsMatching: /^assets\//,
          // index.html, unrendered, is the app shell the worker answers an unvisited page with
          // offline; the server serves it at /app-shell.html (src/server/lib/http/client-app.ts).
          // Nor the admin area's code.
          manifestTransforms: [
            (entries) => ({
              manifest: entries
                .filter((entry) => !adminOnlyChunks.has(entry.url))
                .map((entry) =>
                  entry.url === 'index.html' ? { ...entry, url: 'app-shell.html' } : entry,
                ),
              warnings: [],
            }),
          ],
        },
      }),
  ],
  resolve: {
    // `#shared/*` resolves through package.json "imports"; `#client/*` mirrors tsconfig "paths".
    alias: [
      {
        find: /^#client\/(.*)$/,
        replacement: fileURLToPath(new URL('./src/client/$1', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
      '/manifest.webmanifest': { target: `http://localhost:${apiPort}`, changeOrigin: false },
      // The development mailbox at the address the API's start-up log gives (decision 060).
      '/dev/mailbox/': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  // `vite build --ssr src/client/entry-server.tsx` (npm run build) writes the server-rendering
  // bundle to dist/ssr: Node code, no public files. It bundles its packages too (decision 027):
  // loading the whole of lucide-react and radix-ui from node_modules cost the server ~0.8 s of
  // start-up and ~40 MB; bundled, only the icons and primitives the pages use remain.
  ssr: { noExternal: true },
  build: {
    outDir: isSsrBuild ? 'dist/ssr' : 'dist/client',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    // Maps are written for bundle analysis but not referenced from the served files.
    sourcemap: 'hidden',
    // Decision 006: the first load of every page pays for what it uses, not for the map of every
    // other page. No modulepreload polyfill (browsers without <link rel="modulepreload">, Safari
    // before 17, still run the app, unpreloaded), and no dependency lists for lazy chunks in the
    // entry: a page's chunks are preloaded by the HTML (the entry's imports, and the first page's
    // route chunk with its imports, added by the server from the manifest); a later client-side
    // navigation fetches the route chunk, then its imports (one round trip more, ~2.5 KB less).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // The server reads it to preload the first page's lazy route chunk with the HTML.
    manifest: !isSsrBuild,
    // The boot script of server-rendered pages (src/client/boot.ts) is an entry of its own.
    rollupOptions: isSsrBuild
      ? undefined
      : {
          input: { index: 'index.html', boot: 'src/client/boot.ts' },
          output: { codeSplitting: { groups: [learnerIcons] } },
        },
    // Route pages (learner and admin alike) are split by React.lazy in src/client/app/routes.tsx;
    // the admin area therefore lands in chunks that only /admin/* ever requests.
  },
}));
