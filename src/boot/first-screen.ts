/**
 * The start-up script (ADR 042, ADR 026): the first screen's code, data and largest picture
 * start with the page instead of after the app's scripts have run.
 *
 * Not a module of the app: build/first-screen-preload.ts compiles it (with what it imports) into
 * an inline classic script right after index.html's viewport meta tag, called with the chunk
 * lists of the build. So it stays small and self-contained: browser APIs only — no React, no zod
 * at run time (types from the contract are erased), nothing imported that runs code on import.
 *
 * For home, a category page and a product page it preloads the screen's chunks and stylesheet.
 * On a first visit (no service worker in control yet) and signed out (answers to signed-in
 * requests vary with Authorization), it also asks for the public API answers the shell and that
 * screen show — with lib/api-client.ts's headers, at the addresses the api/ modules ask
 * (contract/api-paths/) — and preloads the screen's largest picture (the logo, the first
 * banner, the first product card, the product's first photo). Those answers are public and
 * cacheable for at least 60 s, so the app's own requests for them are answered by the browser's
 * HTTP cache or join the requests in flight. Answers the page already carries (the first-answers
 * element, ADR 026) are used as they are: no round trip for those.
 */
import type { z } from 'zod';
import { CATEGORIES_PATH, categoryPath } from '#contract/api-paths/categories.ts';
import { BANNERS_PATH, HOME_PATH } from '#contract/api-paths/home.ts';
import { PRODUCT_LIST_PATH, productPath, similarProductsPath } from '#contract/api-paths/products.ts';
import { MASTER_PATH, SETTINGS_PATH, translationsPath } from '#contract/api-paths/storefront.ts';
import type { categoryResponseSchema, productDetailsResponseSchema, productListResponseSchema, Product } from '#contract/catalog.ts';
import type { bannersResponseSchema } from '#contract/content.ts';
import { APP_CODE_ELEMENT_ID, FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey, type AppCode, type FirstAnswers } from '#contract/first-answers.ts';
import type { ImageMeta } from '#contract/images.ts';
import type { masterResponseSchema } from '#contract/master.ts';
import { DEFAULT_PRODUCT_THUMBNAIL } from '#src/features/products/lib/media.ts';
import { BANNER_SIZES, CARD_SIZES, SAVE_DATA_MAX_WIDTH, STAGE_SIZES } from '#src/lib/photo-sizes.ts';
import { DRAWN_FOR_ANOTHER_ID, holdEarlyTaps } from '#src/lib/early-taps.ts';
import { holdsPersistedCache } from '#src/lib/persisted-cache-mark.ts';

/** The screens a visit most often starts on (src/app/router.tsx). */
export type FirstScreen = 'home' | 'category' | 'product';
/**
 * For each first screen (set at build): its route chunk, the chunks it imports that the entry
 * does not, and their stylesheets — file names under the site's root.
 */
export type FirstScreenChunks = Record<FirstScreen, string[]>;

/** An API answer as the server sends it (the contract's schema, after parsing). */
type Answer<Schema extends z.ZodType> = z.output<Schema>;
type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** The longest a drawn screen's photos hold back the app's code (ms). */
const APP_CODE_WAIT_MS = 3000;

/**
 * `then` once the page's first contentful paint is on screen, and one frame more (a photo decoded
 * off the main thread paints a frame later). The page's `load` can come before that paint (the
 * photos were quick, the painting is not, on a slow phone): the app's code asked for at `load`
 * came before the shopper saw anything — and, in Lighthouse's simulation, shared the weak
 * connection with the screen's main photo (ADR 042, measured 2026-11-28). The paint's entry, not a frame
 * callback: a frame callback runs before its frame is painted, and the entry once it is shown.
 */
function afterFirstPaint(then: () => void) {
  // The same "after the next paint" as lib/when-idle.ts's markFirstScreenShown, written again:
  // this script imports nothing that runs code (when-idle.ts brings React).
  const nextFrame = () => requestAnimationFrame(() => setTimeout(then, 0));
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (typeof PerformanceObserver !== 'function' || !(PerformanceObserver.supportedEntryTypes || []).includes('paint') || painted())
    return nextFrame();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    nextFrame();
  });
  observer.observe({ type: 'paint' });
}

/** Where the app keeps its session and language (lib/api-client.ts: AUTH_STORAGE_KEY, LOCALE_STORAGE_KEY). */
const AUTH_KEY = 'auth';
const LOCALE_KEY = 'locale';

/**
 * `chunks`: each first screen's chunks (set at build). `buildId`: the build's id, the buster of
 * the app's persisted cache (lib/query-persister.ts), also set at build.
 */
export function startFirstScreen(chunks: FirstScreenChunks, buildId: string): void {
  // A screen the server drew shows its buttons before the app can answer them (ADR 044).
  holdEarlyTaps();
  const path = location.pathname;
  const head = document.head;
  let m: RegExpExecArray | null = null;
  let screen: FirstScreen | null = null;
  function link(rel: string, href: string, as?: string) {
    const l = document.createElement('link');
    l.rel = rel;
    l.href = href;
    if (as) l.as = as;
    if (rel === 'modulepreload') l.crossOrigin = '';
    if (as === 'image') l.setAttribute('fetchpriority', 'high');
    head.appendChild(l);
  }
  if (path === '/') screen = 'home';
  else if ((m = /^\/categories\/([^/]+)$/.exec(path))) screen = 'category';
  else if ((m = /^\/products\/(\d+)\/details$/.exec(path))) screen = 'product';
  const screenCode = () => {
    if (screen)
      chunks[screen].forEach((file) => (/\.css$/.test(file) ? link('preload', '/' + file, 'style') : link('modulepreload', '/' + file)));
  };
  function read(key: string): unknown {
    try {
      return JSON.parse(localStorage.getItem(key) as string);
    } catch {
      return null;
    }
  }
  const auth = read(AUTH_KEY) as { token?: unknown } | null;
  const locale = read(LOCALE_KEY) === 'en' ? 'en' : 'ro';
  // A screen the server drew (ADR 044) names the app's code instead of loading it with the page:
  // the code starts once the screen's stylesheet and photos are in (the `load` event) and shown
  // (afterFirstPaint), or after APP_CODE_WAIT_MS at the latest — on a weak connection the photos
  // the shopper looks at do not share it with ~200 KB of code she cannot see. Her taps meanwhile
  // are held (holdEarlyTaps).
  let appCode: AppCode | null = null;
  try {
    const el = document.getElementById(APP_CODE_ELEMENT_ID);
    appCode = el && (JSON.parse(el.textContent as string) as AppCode);
  } catch {
    appCode = null;
  }
  if (appCode) {
    const code = appCode;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      code.preload.forEach((file) => link('modulepreload', file));
      screenCode();
      const s = document.createElement('script');
      s.type = 'module';
      s.crossOrigin = '';
      s.src = code.entry;
      head.appendChild(s);
    };
    if (locale !== 'ro' || (auth && auth.token) || holdsPersistedCache(buildId)) {
      // Drawn for a signed-out Romanian visitor with nothing stored, not for this one (English,
      // signed in, or back with the app's cache of this build, lib/persisted-cache-mark.ts): the
      // app replaces the screen (main.tsx). Until then it stays hidden — nothing on it can be
      // tapped and lost — and the code starts at once.
      const hide = document.createElement('style');
      hide.id = DRAWN_FOR_ANOTHER_ID;
      hide.textContent = '#root{visibility:hidden}';
      head.appendChild(hide);
      start();
    } else {
      addEventListener('load', () => afterFirstPaint(start));
      setTimeout(start, APP_CODE_WAIT_MS);
    }
  } else screenCode();

  // Data: on a first visit only (no service worker in control yet) and signed out.
  if (!window.fetch || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
  if (auth && auth.token) return;
  // A first visit's page may carry the answers already (ADR 026, server/first-screen): no round trip for those.
  let first: Partial<FirstAnswers> | null = null;
  try {
    const el = document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
    first = el && (JSON.parse(el.textContent as string) as Partial<FirstAnswers>);
  } catch {
    first = null;
  }
  const answers = first && first.locale === locale && first.answers ? first.answers : {};
  /** `key`: the answer's key (the query sorted by name, firstAnswerKey) where the address's own order differs. */
  function get<T>(url: string, key = url): Promise<T | null> {
    if (Object.prototype.hasOwnProperty.call(answers, key)) return Promise.resolve(answers[key] as T);
    return fetch('/api' + url, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': locale },
    })
      .then((r) => (r.ok ? (r.json() as Promise<T>) : null))
      .catch(() => null);
  }
  function image(src: string | null | undefined) {
    if (src) link('preload', src, 'image');
  }
  // A pipeline photo (issue 15, ADR 043): its AVIF srcset with the <picture>'s sizes, so the
  // preload is the variant the page then shows (browsers without AVIF skip the hint).
  const conn = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  const light = !!(conn && (conn.saveData || /(^|-)2g$/.test(conn.effectiveType || '')));
  function photo(src: string, meta: ImageMeta | null, sizes: string) {
    if (!meta) return image(src);
    let ws = meta.widths.filter((w) => !light || w <= SAVE_DATA_MAX_WIDTH);
    if (!ws.length) ws = meta.widths.slice(0, 1);
    const l = document.createElement('link');
    l.rel = 'preload';
    l.as = 'image';
    l.type = 'image/avif';
    l.setAttribute('imagesrcset', ws.map((w) => meta.variants + '/' + w + '.avif ' + w + 'w').join(', '));
    l.setAttribute('imagesizes', sizes);
    l.setAttribute('fetchpriority', 'high');
    head.appendChild(l);
  }
  // A product card's picture: the thumbnail, else its first video's poster (not quite
  // features/products/lib/media.ts's cardImage: no placeholder picture is preloaded).
  type Pictured = Pick<Product, 'thumbnail' | 'thumbnail_meta' | 'videos'>;
  function picture(p: Pictured) {
    return p.thumbnail && p.thumbnail !== DEFAULT_PRODUCT_THUMBNAIL
      ? p.thumbnail
      : p.videos && p.videos[0]
        ? p.videos[0].thumbnail
        : p.thumbnail;
  }
  function pictureMeta(p: Pictured) {
    return p.thumbnail_meta && picture(p) === p.thumbnail ? p.thumbnail_meta : null;
  }

  void get<Answer<typeof masterResponseSchema>>(MASTER_PATH).then((j) => image(j && j.data.data.web_logo));
  void get(SETTINGS_PATH);
  void get(translationsPath('ro'));
  if (locale === 'en') void get(translationsPath('en'));
  if (screen === 'home') {
    void get(HOME_PATH);
    void get(CATEGORIES_PATH);
    void get<Answer<typeof bannersResponseSchema>>(BANNERS_PATH).then((j) => {
      const b = j && j.data.data[0];
      if (b) photo(b.image, b.image_meta, BANNER_SIZES);
    });
  } else if (screen === 'product' && m) {
    const id = m[1]!;
    void get(CATEGORIES_PATH);
    void get(similarProductsPath(id));
    void get<Answer<typeof productDetailsResponseSchema>>(productPath(id)).then((j) => {
      const p = j && j.data.product;
      if (!p || p.quantity <= 0) return;
      for (const i of p.images) if (i.url !== DEFAULT_PRODUCT_THUMBNAIL) return photo(i.url, i.meta, STAGE_SIZES);
      photo(picture(p), pictureMeta(p), STAGE_SIZES);
    });
  } else if (screen === 'category' && m) {
    // The address's segment decoded, as the router hands it to the app (kept when malformed).
    let key = m[1]!;
    try {
      key = decodeURIComponent(key);
    } catch {
      // As react-router: the segment as written.
    }
    void get<Answer<typeof categoryResponseSchema>>(categoryPath(key)).then((j) => {
      const c = j && j.data.category;
      if (!c || location.search) return;
      // As the category screen asks its first page (ProductListing: newest first).
      const query = new URLSearchParams({ category: String(c.id), sort: 'newest', page: '1' });
      void get<Answer<typeof productListResponseSchema>>(
        PRODUCT_LIST_PATH + '?' + query.toString(),
        firstAnswerKey(PRODUCT_LIST_PATH, query),
      ).then((l) => {
        const p = l && l.data.data[0];
        if (p) photo(picture(p), pictureMeta(p), CARD_SIZES);
      });
    });
    void get(CATEGORIES_PATH);
  }
}
