import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API listens on 3001 in development (the Vite dev server owns 5173); API_PORT overrides.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
      : { input: { index: 'index.html', boot: 'src/client/boot.ts' } },
    // Route pages (learner and admin alike) are split by React.lazy in src/client/app/routes.tsx;
    // the admin area therefore lands in chunks that only /admin/* ever requests.
  },
}));
