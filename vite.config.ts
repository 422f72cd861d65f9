import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.ts';
import { BANNER_SIZES, CARD_SIZES, SAVE_DATA_MAX_WIDTH, STAGE_SIZES } from './src/lib/photo-sizes.ts';

/** A new id per build busts the persisted query cache (src/lib/query-persister.ts). */
function buildId() {
  try {
    return `${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()}-${Date.now().toString(36)}`;
  } catch {
    return Date.now().toString(36);
  }
}

/**
 * The screens a visit most often starts on (src/app/router.tsx) and their route modules. The
 * inline script below knows their addresses and the public API answers they show.
 */
const FIRST_SCREENS = {
  home: 'src/app/routes/home.tsx',
  category: 'src/app/routes/category-products.tsx',
  product: 'src/app/routes/product-details.tsx',
} as const;

/**
 * Runs in index.html before anything else (ES5, no modules). `chunks` (injected at build): for
 * each first screen, its route chunk, the chunks it imports that the entry does not, and their
 * stylesheets. The API addresses, headers and answer shapes are those of lib/api-client.ts and
 * the features' api/ modules (get-master, get-settings,
 * get-translations, get-home-sections, get-banners, get-categories, get-category, get-products,
 * get-product, get-similar-products): change them together.
 */
const FIRST_SCREEN_SCRIPT = `(function (chunks) {
  var path = location.pathname, head = document.head, m = null, screen = null;
  function link(rel, href, as) {
    var l = document.createElement('link');
    l.rel = rel; l.href = href;
    if (as) l.as = as;
    if (rel === 'modulepreload') l.crossOrigin = '';
    if (as === 'image') l.setAttribute('fetchpriority', 'high');
    head.appendChild(l);
  }
  if (path === '/') screen = 'home';
  else if ((m = /^\\/categories\\/([^/]+)$/.exec(path))) screen = 'category';
  else if ((m = /^\\/products\\/(\\d+)\\/details$/.exec(path))) screen = 'product';
  if (screen) chunks[screen].forEach(function (file) { /\\.css$/.test(file) ? link('preload', '/' + file, 'style') : link('modulepreload', '/' + file); });

  // Data: on a first visit only (no service worker in control yet) and signed out (answers to
  // signed-in requests vary with Authorization).
  if (!window.fetch || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
  function read(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } }
  var auth = read('auth'), locale = read('locale') === 'en' ? 'en' : 'ro';
  if (auth && auth.token) return;
  // A first visit's page may carry the answers already (ADR 026, server/first-screen): no round trip for those.
  var first = null;
  try { var el = document.getElementById('first-answers'); first = el && JSON.parse(el.textContent); } catch (e) { first = null; }
  if (!first || first.locale !== locale || !first.answers) first = { answers: {} };
  // key: the answer's key (the query sorted by name) where the address's own order differs.
  function get(url, key) {
    if (Object.prototype.hasOwnProperty.call(first.answers, key || url)) return Promise.resolve(first.answers[key || url]);
    return fetch('/api' + url, { credentials: 'include', headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': locale } })
      .then(function (r) { return r.ok ? r.json() : null; })['catch'](function () { return null; });
  }
  function image(src) { if (src) link('preload', src, 'image'); }
  // A pipeline photo (issue 15, ADR 024): its AVIF srcset with the <picture>'s sizes, so the
  // preload is the variant the page then shows (browsers without AVIF skip the hint).
  var conn = navigator.connection, light = !!(conn && (conn.saveData || /(^|-)2g$/.test(conn.effectiveType || '')));
  function photo(src, meta, sizes) {
    if (!meta) return image(src);
    var ws = meta.widths.filter(function (w) { return !light || w <= __SAVE_DATA_MAX__; });
    if (!ws.length) ws = meta.widths.slice(0, 1);
    var l = document.createElement('link');
    l.rel = 'preload'; l.as = 'image'; l.type = 'image/avif';
    l.setAttribute('imagesrcset', ws.map(function (w) { return meta.variants + '/' + w + '.avif ' + w + 'w'; }).join(', '));
    l.setAttribute('imagesizes', sizes);
    l.setAttribute('fetchpriority', 'high');
    head.appendChild(l);
  }
  function pictureMeta(p) { return p.thumbnail_meta && picture(p) === p.thumbnail ? p.thumbnail_meta : null; }
  var noPicture = '/media/products/default.svg';
  function picture(p) { return p.thumbnail && p.thumbnail !== noPicture ? p.thumbnail : p.videos && p.videos[0] ? p.videos[0].thumbnail : p.thumbnail; }
  get('/master').then(function (j) { image(j && j.data.data.web_logo); });
  get('/settings');
  get('/translations/ro');
  if (locale === 'en') get('/translations/en');
  if (screen === 'home') {
    get('/home');
    get('/categories');
    get('/banners').then(function (j) { var b = j && j.data.data[0]; if (b) photo(b.image, b.image_meta, __BANNER_SIZES__); });
  } else if (screen === 'product') {
    get('/categories');
    get('/products/' + m[1] + '/similar');
    get('/products/' + m[1]).then(function (j) {
      var p = j && j.data.product, i;
      if (!p || p.quantity <= 0) return;
      for (i = 0; i < p.images.length; i++) if (p.images[i].url !== noPicture) return photo(p.images[i].url, p.images[i].meta, __STAGE_SIZES__);
      photo(picture(p), pictureMeta(p), __STAGE_SIZES__);
    });
  } else if (screen === 'category') {
    get('/categories/' + m[1]).then(function (j) {
      var c = j && j.data.category;
      if (c && !location.search) get('/products/filter?category=' + c.id + '&sort=newest&page=1', '/products/filter?category=' + c.id + '&page=1&sort=newest').then(function (l) { var p = l && l.data.data[0]; if (p) photo(picture(p), pictureMeta(p), __CARD_SIZES__); });
    });
    get('/categories');
  }
})`
  .replace('__SAVE_DATA_MAX__', String(SAVE_DATA_MAX_WIDTH))
  .replace('__BANNER_SIZES__', JSON.stringify(BANNER_SIZES))
  .replace(/__STAGE_SIZES__/g, JSON.stringify(STAGE_SIZES))
  .replace('__CARD_SIZES__', JSON.stringify(CARD_SIZES));

/**
 * The first screen without waiting for the entry script (docs/decisions/008-first-load.md): an
 * inline script in index.html starts, with the page itself, the code of the screen the address
 * opens (modulepreload of its chunks, preload of its stylesheets) and, on a first visit, the
 * public API answers the shell and that screen show and its largest picture. The answers are
 * public and cacheable for at least 60 s, so the app's own requests for the same addresses are
 * answered by the browser's HTTP cache (or join the request in flight) instead of starting only
 * after the scripts have run.
 */
function firstScreenPreload(): Plugin {
  return {
    name: 'talcioc-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (files: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            byFile.get(file)?.imports.forEach(visit);
          };
          files.forEach(visit);
          return seen;
        };
        const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const screens = Object.fromEntries(
          Object.entries(FIRST_SCREENS).map(([screen, module]) => {
            const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
            if (!chunk) throw new Error(`firstScreenPreload: no chunk for ${module}`);
            const files = [...closure([chunk.fileName])].filter((file) => !entry.has(file));
            const css = new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
            return [screen, [...files, ...css]];
          }),
        );
        // Right after the viewport's meta tag: before it the page is laid out 980 px wide, and an
        // image preload's `imagesizes` then picks a desktop width (a 1600 px photo preloaded
        // for a phone that shows the 960 px one, seen once the answers came with the page, ADR 026);
        // before the stylesheets, which would hold a parser-inserted script back until they load.
        const viewport = /<meta name="viewport"[^>]*>/.exec(html);
        if (!viewport) throw new Error('firstScreenPreload: index.html has no viewport meta tag');
        const at = viewport.index + viewport[0].length;
        return `${html.slice(0, at)}\n    <script>${FIRST_SCREEN_SCRIPT}(${JSON.stringify(screens)});</script>${html.slice(at)}`;
      },
    },
  };
}

/** Mantine's package entry files: they re-export every component and hook. */
const BARREL = /node_modules\/@mantine\/(core|hooks|notifications)\/esm\/index\.mjs$/;
const IMPORT_FROM = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const importedNames = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/))
    .filter((pair): pair is [string, ...string[]] => !!pair[0]);

/** Module → chunk for the first screens' code (filled at the end of the module graph's build). */
const groups = new Map<string, string>();

/** Route modules whose code forms the `catalog` chunk. */
const CATALOG_MODULES = [FIRST_SCREENS.category, FIRST_SCREENS.product, 'src/app/routes/home-rows.tsx'];

/**
 * Finds the modules the first screen's code needs: a walk over static imports from the entry.
 * Through a Mantine package entry, only the modules that define the names actually imported are
 * followed — a walk through the package entry would take in all of Mantine, the lazy screens'
 * modals, selects and menus included.
 */
function shellChunkPlugin(): Plugin {
  return {
    name: 'talcioc-shell-chunk',
    apply: 'build',
    buildEnd() {
      groups.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const barrels = new Map<string, Map<string, string>>();
      const barrelExports = (barrel: string) => {
        let map = barrels.get(barrel);
        if (map) return map;
        map = new Map();
        const code = info(barrel)?.code ?? '';
        const local = new Map<string, string>();
        for (const [, list, from] of code.matchAll(IMPORT_FROM)) {
          const file = from!.startsWith('.') ? path.resolve(path.dirname(barrel), from!) : from!;
          for (const [imported, as] of importedNames(list!)) local.set(as ?? imported, file);
        }
        for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}/g)) {
          for (const [name, as] of importedNames(list!)) if (local.has(name)) map.set(as ?? name, local.get(name)!);
        }
        barrels.set(barrel, map);
        return map;
      };
      const ids = [...this.getModuleIds()];
      const collect = (start: string[]) => {
        const found = new Set<string>();
        const queue = [...start];
        while (queue.length) {
          const id = queue.pop()!;
          if (found.has(id)) continue;
          found.add(id);
          const module = info(id);
          if (!module) continue;
          const code = module.code ?? '';
          for (const imported of module.importedIds) {
            if (!BARREL.test(imported)) {
              queue.push(imported);
              continue;
            }
            // Which names does this module take from the package entry?
            const exports = barrelExports(imported);
            const pkg = imported.match(BARREL)![1];
            for (const [, list, from] of code.matchAll(IMPORT_FROM)) {
              if (from !== `@mantine/${pkg}`) continue;
              for (const [name] of importedNames(list!)) {
                const file = exports.get(name);
                const target = file && ids.find((candidate) => candidate === file || candidate.startsWith(file));
                if (target) queue.push(target);
              }
            }
          }
        }
        return found;
      };
      const moduleOf = (file: string) => ids.find((id) => id.endsWith(file));
      for (const id of collect(ids.filter((id) => info(id)?.isEntry))) groups.set(id, 'shell');
      // The catalog screens' code (category and product pages, the home page's rows): one chunk
      // rather than a dozen small ones shared between them.
      const catalog = collect(CATALOG_MODULES.map(moduleOf).filter((id): id is string => !!id));
      const home = collect([moduleOf(FIRST_SCREENS.home)!]);
      for (const id of catalog) {
        if (groups.has(id)) continue;
        // Small pieces the home page's first screen shares with them go with the shell.
        groups.set(id, home.has(id) ? 'shell' : 'catalog');
      }
    },
  };
}

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(process.env.VITE_BUILD_ID ?? buildId()) },
  plugins: [
    react(),
    shellChunkPlugin(),
    firstScreenPreload(),
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
        // unused parts of Mantine's modal scroll lock stay in the first load (field notes, ADR 008).
        moduleSideEffects: (id) => !/node_modules\/(react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|use-callback-ref)\//.test(id),
      },
      output: {
        /**
         * Few, larger files for the first screen (docs/decisions/008-first-load.md): over HTTP/1.1
         * a browser opens six connections per host, so twenty small chunks cost more round trips
         * than their bytes. Libraries stay apart (they change less often than app code, so their
         * files stay cached across releases); the modules the entry needs form the `shell` chunk
         * (shellChunkPlugin) instead of a small chunk per module that a lazy screen shares; the
         * catalog screens share one `catalog` chunk. Other lazy screens keep their own chunks.
         */
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
            { name: 'router', test: /node_modules[\\/]react-router/, priority: 50 },
            { name: 'query', test: /node_modules[\\/](@tanstack|idb-keyval)/, priority: 50 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)/, priority: 50 },
            { name: 'shell', test: (id) => groups.get(id) === 'shell', priority: 40 },
            { name: 'catalog', test: (id) => groups.get(id) === 'catalog', priority: 30 },
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
