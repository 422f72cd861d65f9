/**
 * The build: React, the first-load plugins of build/ (the `shell` and `catalog` chunks, the
 * inline start-up script, the build id; docs/decisions/042-first-load-today.md), the PWA (manifest,
 * service worker) and the output's chunking and compression.
 */
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/vite-precompress.ts';
import { buildId } from './build/build-id.ts';
import { firstScreenPreload } from './build/first-screen-preload.ts';
import { shellChunk } from './build/shell-chunk.ts';

/**
 * The screens a visit most often starts on (src/app/router.tsx) and their route modules. The
 * start-up script (src/boot/first-screen.ts) knows their addresses and the public API answers
 * they show; the catalog screens' code forms the `catalog` chunk.
 */
const FIRST_SCREENS = {
  home: 'src/app/routes/home.tsx',
  category: 'src/app/routes/category-products.tsx',
  product: 'src/app/routes/product-details.tsx',
} as const;

/**
 * What main.tsx loads with `import()` as it starts (chunk name → its modules), in that order: each
 * chunk is evaluated in a task of its own, apart from the entry's (ADR 042, measured 2026-11-27),
 * and preloaded with the page like the entry's own chunks (build/first-screen-preload.ts). The
 * routes and the providers share one: at most ~30 ms of evaluation at 4× CPU together, and a chunk
 * more would be a request more for every first visit. React's DOM renderer needs no chunk of its
 * own: the `react` chunk only defines it, and main.tsx runs it (its module body) after a yield.
 */
const START_UP = {
  app: ['src/app/router.tsx', 'src/app/provider.tsx'],
};

const shell = shellChunk({
  home: FIRST_SCREENS.home,
  catalog: [FIRST_SCREENS.category, FIRST_SCREENS.product, 'src/app/routes/home-rows.tsx'],
  startUp: START_UP,
});

/** The browser bundle's build id: the app's cache buster, also known to the start-up script. */
const BUILD_ID = buildId();

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

/**
 * The server bundle (`vite build --ssr`, after the client's): the app's own components and routes,
 * for a first screen's HTML drawn on the server (docs/decisions/044-first-screen-html-today.md). One
 * self-contained file with React's production build, inside the app's directory (a deploy swaps
 * both at once) under a dot-directory, which the server never serves.
 */
const serverBundle = defineConfig({
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId()),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  plugins: [react()],
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    rollupOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always the production build. NODE_ENV=development in the environment (the server's
  // default, set in a .env file or a shell) is the server's mode, not the bundle's: left as it is,
  // Vite would build React's development build with `import.meta.env.DEV` true, and the app would
  // never register its service worker. Vite reads process.env.NODE_ENV after this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return isSsrBuild ? serverBundle : browserBundle;
});

const browserBundle = defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  plugins: [
    react(),
    shell.plugin,
    firstScreenPreload({
      screens: FIRST_SCREENS,
      module: 'src/boot/first-screen.ts',
      buildId: BUILD_ID,
      startUp: Object.values(START_UP).flat(),
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src-sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      treeshake: {
        // These declare module-level singletons but have no effect until used: without this, the
        // unused parts of Mantine's modal scroll lock stay in the first load (docs/references.md, ADR 042).
        moduleSideEffects: (id) =>
          !/node_modules\/(react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|use-callback-ref)\//.test(id),
      },
      output: {
        /**
         * Few, larger files for the first screen (docs/decisions/042-first-load-today.md): over HTTP/1.1
         * a browser opens six connections per host, so twenty small chunks cost more round trips
         * than their bytes. Libraries stay apart (they change less often than app code, so their
         * files stay cached across releases); the modules the entry needs form the `shell` chunk
         * (build/shell-chunk.ts) instead of a small chunk per module that a lazy screen shares; the
         * catalog screens share one `catalog` chunk. Other lazy screens keep their own chunks.
         */
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
            { name: 'router', test: /node_modules[\\/]react-router/, priority: 50 },
            { name: 'query', test: /node_modules[\\/](@tanstack|idb-keyval)/, priority: 50 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)/, priority: 50 },
            { name: 'shell', test: (id) => shell.groupOf(id) === 'shell', priority: 40 },
            ...Object.keys(START_UP).map((name) => ({ name, test: (id: string) => shell.groupOf(id) === name, priority: 40 })),
            { name: 'catalog', test: (id) => shell.groupOf(id) === 'catalog', priority: 30 },
          ],
        },
      },
    },
    // One stylesheet: Mantine's and every screen's CSS modules together weigh 3 KB more than
    // the first screen's alone, and save a request per screen component (no flash of unstyled
    // content when a lazy screen arrives either).
    cssCodeSplit: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' },
  },
});
