/**
 * The start-up script (first-screen.ts) as index.html runs it: what it adds to the head for each
 * first screen, which answers it takes from the page and which it asks the API for (fetch is
 * the edge: stubbed), and when it asks nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_CODE_ELEMENT_ID, FIRST_ANSWERS_ELEMENT_ID, type FirstAnswers } from '#contract/first-answers.ts';
import { takeEarlyTaps } from '#src/lib/early-taps.ts';
import { markPersistedCache, PERSIST_MAX_AGE } from '#src/lib/persisted-cache-mark.ts';
import type { ImageMeta } from '#contract/images.ts';
import { BANNER_SIZES, CARD_SIZES, STAGE_SIZES } from '#src/lib/photo-sizes.ts';
import { startFirstScreen, type FirstScreenChunks } from './first-screen.ts';

const BUILD = 'b1';
const CHUNKS: FirstScreenChunks = {
  home: ['assets/home-a1.js', 'assets/CategoryGrid-b2.js', 'assets/style-c3.css'],
  category: ['assets/catalog-d4.js'],
  product: ['assets/catalog-d4.js', 'assets/style-c3.css'],
};

const meta = (key: string, widths = [160, 320, 480, 640, 960]): ImageMeta => ({
  width: widths[widths.length - 1]!,
  height: 600,
  placeholder: 'AAAA',
  variants: `/media/img/v1/${key}`,
  widths,
});
const srcset = (key: string, widths: number[]) => widths.map((w) => `/media/img/v1/${key}/${w}.avif ${w}w`).join(', ');

const masterAnswer = { message: '', data: { data: { web_logo: '/media/logo.png' } } };
const settingsAnswer = { message: '', data: { data: {} } };
const categoriesAnswer = { message: '', data: { categories: [] } };
const homeAnswer = { message: '', data: {} };
const bannersAnswer = { message: '', data: { data: [{ id: 1, title: 'Banner', image: '/media/banner.jpg', image_meta: meta('banner') }] } };
const categoryAnswer = { message: '', data: { category: { id: 7, name: 'Îmbrăcăminte', slug: 'imbracaminte-femei' } } };
const card = (overrides: object = {}) => ({
  id: 3,
  thumbnail: '/media/card.jpg',
  thumbnail_meta: meta('card'),
  videos: [],
  quantity: 2,
  ...overrides,
});
const listAnswer = { message: '', data: { data: [card()], meta: {} } };
const productAnswer = (overrides: object = {}) => ({
  message: '',
  data: {
    product: {
      ...card(),
      images: [
        { id: 1, url: '/media/products/default.svg', meta: null },
        { id: 2, url: '/media/stage.jpg', meta: meta('stage', [160, 320, 480, 640, 960, 1280]) },
      ],
      ...overrides,
    },
  },
});
const similarAnswer = { message: '', data: { data: [] } };

/** The API as the stub answers it, by the address asked (path + query after /api). */
const API: Record<string, unknown> = {
  '/master': masterAnswer,
  '/settings': settingsAnswer,
  '/categories': categoriesAnswer,
  '/home': homeAnswer,
  '/banners': bannersAnswer,
  '/categories/imbracaminte-femei': categoryAnswer,
  '/products/filter?category=7&sort=newest&page=1': listAnswer,
  '/products/42': productAnswer(),
  '/products/42/similar': similarAnswer,
  '/translations/ro': { locale: 'ro', messages: {} },
  '/translations/en': { locale: 'en', messages: {} },
};

let fetchMock: ReturnType<typeof vi.fn>;

function visit(path: string) {
  window.history.replaceState(null, '', path);
}
function carry(first: FirstAnswers) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = FIRST_ANSWERS_ELEMENT_ID;
  el.textContent = JSON.stringify(first);
  document.head.prepend(el);
}
function setNavigator(name: 'serviceWorker' | 'connection', value: unknown) {
  Object.defineProperty(window.navigator, name, { value, configurable: true });
}
/** The addresses asked, in order. */
const asked = () => fetchMock.mock.calls.map(([url]) => String(url));
/** Lets the answers' promise chains run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const links = () => [...document.head.querySelectorAll('link')];
const chunkLinks = () =>
  links()
    .filter((l) => l.as !== 'image')
    .map((l) => ({ rel: l.rel, href: l.getAttribute('href'), as: l.as || undefined, crossOrigin: l.crossOrigin ?? undefined }));
const imageLinks = () =>
  links()
    .filter((l) => l.as === 'image')
    .map((l) => ({
      href: l.getAttribute('href'),
      type: l.getAttribute('type'),
      imagesrcset: l.getAttribute('imagesrcset'),
      imagesizes: l.getAttribute('imagesizes'),
      fetchpriority: l.getAttribute('fetchpriority'),
    }));
/** The pipeline photo's preload (the logo's is a plain one). */
const photoLink = () => imageLinks().find((l) => l.type === 'image/avif');

beforeEach(() => {
  fetchMock = vi.fn((input: string) => {
    const answer = API[input.replace(/^\/api/, '')];
    return Promise.resolve(
      answer === undefined ? new Response('{}', { status: 404 }) : new Response(JSON.stringify(answer), { status: 200 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

/** The inert element a drawn screen names the app's code in (ADR 044). */
function appCodeElement(preload: string[] = []) {
  const code = document.createElement('script');
  code.type = 'application/json';
  code.id = APP_CODE_ELEMENT_ID;
  code.textContent = JSON.stringify({ entry: '/assets/index-e1.js', preload });
  return code;
}

afterEach(() => {
  takeEarlyTaps();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  localStorage.clear();
  Reflect.deleteProperty(window.navigator, 'serviceWorker');
  Reflect.deleteProperty(window.navigator, 'connection');
  visit('/');
});

describe('startFirstScreen', () => {
  it('home: preloads its chunks and stylesheet, takes the answers the page carries and asks only for the rest', async () => {
    visit('/');
    carry({
      locale: 'ro',
      answers: {
        '/master': masterAnswer,
        '/settings': settingsAnswer,
        '/categories': categoriesAnswer,
        '/home': homeAnswer,
        '/banners': bannersAnswer,
      },
    });
    startFirstScreen(CHUNKS, BUILD);
    expect(chunkLinks()).toEqual([
      { rel: 'modulepreload', href: '/assets/home-a1.js', as: undefined, crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/CategoryGrid-b2.js', as: undefined, crossOrigin: '' },
      { rel: 'preload', href: '/assets/style-c3.css', as: 'style', crossOrigin: undefined },
    ]);
    await settle();
    // The interface's messages are never in the page.
    expect(asked()).toEqual(['/api/translations/ro']);
    expect(fetchMock).toHaveBeenCalledWith('/api/translations/ro', {
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'ro' },
    });
    expect(imageLinks()).toEqual([
      { href: '/media/logo.png', type: null, imagesrcset: null, imagesizes: null, fetchpriority: 'high' },
      {
        href: null,
        type: 'image/avif',
        imagesrcset: srcset('banner', [160, 320, 480, 640, 960]),
        imagesizes: BANNER_SIZES,
        fetchpriority: 'high',
      },
    ]);
  });

  it('home without answers in the page: asks the API for every one, with the app’s headers', async () => {
    visit('/');
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(asked()).toEqual(['/api/master', '/api/settings', '/api/translations/ro', '/api/home', '/api/categories', '/api/banners']);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init).toEqual({
        credentials: 'include',
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'ro' },
      });
    }
    expect(imageLinks().map((l) => l.imagesizes ?? l.href)).toEqual(['/media/logo.png', BANNER_SIZES]);
  });

  it('a category: asks for the category, then its first page of products (newest first), and preloads the first card’s photo', async () => {
    visit('/categories/imbracaminte-femei');
    startFirstScreen(CHUNKS, BUILD);
    expect(chunkLinks()).toEqual([{ rel: 'modulepreload', href: '/assets/catalog-d4.js', as: undefined, crossOrigin: '' }]);
    await settle();
    expect(asked()).toEqual([
      '/api/master',
      '/api/settings',
      '/api/translations/ro',
      '/api/categories/imbracaminte-femei',
      '/api/categories',
      '/api/products/filter?category=7&sort=newest&page=1',
    ]);
    expect(imageLinks()).toEqual([
      { href: '/media/logo.png', type: null, imagesrcset: null, imagesizes: null, fetchpriority: 'high' },
      {
        href: null,
        type: 'image/avif',
        imagesrcset: srcset('card', [160, 320, 480, 640, 960]),
        imagesizes: CARD_SIZES,
        fetchpriority: 'high',
      },
    ]);
  });

  it('a category whose answers the page carries: the products page under its sorted key, no request but the messages', async () => {
    visit('/categories/imbracaminte-femei');
    carry({
      locale: 'ro',
      answers: {
        '/master': masterAnswer,
        '/settings': settingsAnswer,
        '/categories': categoriesAnswer,
        '/categories/imbracaminte-femei': categoryAnswer,
        '/products/filter?category=7&page=1&sort=newest': {
          message: '',
          data: {
            data: [
              card({
                thumbnail: '/media/products/default.svg',
                thumbnail_meta: null,
                videos: [{ url: '/v.mp4', thumbnail: '/media/poster.jpg' }],
              }),
            ],
          },
        },
      },
    });
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(asked()).toEqual(['/api/translations/ro']);
    // A card without a photo of its own: its video's poster, as a plain preload.
    expect(imageLinks()).toContainEqual({
      href: '/media/poster.jpg',
      type: null,
      imagesrcset: null,
      imagesizes: null,
      fetchpriority: 'high',
    });
  });

  it('a category with filters in its address: no products page asked (the screen lists something else)', async () => {
    visit('/categories/imbracaminte-femei?size=3');
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(asked()).not.toContainEqual(expect.stringContaining('/api/products/filter'));
    expect(imageLinks()).toHaveLength(1);
  });

  it('a category address written encoded: asked as the app asks it', async () => {
    visit('/categories/%C3%AEmbr%C4%83c%C4%83minte');
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(asked()).toContain('/api/categories/%C3%AEmbr%C4%83c%C4%83minte');
  });

  it('a product in English: the page’s Romanian answers are not used; its first photo of its own is preloaded for the stage', async () => {
    visit('/products/42/details');
    localStorage.setItem('locale', JSON.stringify('en'));
    carry({ locale: 'ro', answers: { '/master': masterAnswer, '/products/42': productAnswer() } });
    startFirstScreen(CHUNKS, BUILD);
    expect(chunkLinks()).toEqual([
      { rel: 'modulepreload', href: '/assets/catalog-d4.js', as: undefined, crossOrigin: '' },
      { rel: 'preload', href: '/assets/style-c3.css', as: 'style', crossOrigin: undefined },
    ]);
    await settle();
    expect(asked()).toEqual([
      '/api/master',
      '/api/settings',
      '/api/translations/ro',
      '/api/translations/en',
      '/api/categories',
      '/api/products/42/similar',
      '/api/products/42',
    ]);
    expect(fetchMock.mock.calls.every(([, init]) => init.headers['Accept-Language'] === 'en')).toBe(true);
    expect(photoLink()).toEqual({
      href: null,
      type: 'image/avif',
      imagesrcset: srcset('stage', [160, 320, 480, 640, 960, 1280]),
      imagesizes: STAGE_SIZES,
      fetchpriority: 'high',
    });
  });

  it('a product out of stock: no photo preloaded (the page shows no gallery first)', async () => {
    visit('/products/42/details');
    carry({ locale: 'ro', answers: { '/products/42': productAnswer({ quantity: 0 }) } });
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(imageLinks().map((l) => l.href)).toEqual(['/media/logo.png']);
  });

  it('another address: no chunks preloaded, the shell’s answers still asked', async () => {
    visit('/cart');
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(chunkLinks()).toEqual([]);
    expect(asked()).toEqual(['/api/master', '/api/settings', '/api/translations/ro']);
  });

  it('asks nothing when a service worker controls the page (not a first visit): the chunks only', async () => {
    visit('/');
    setNavigator('serviceWorker', { controller: {} });
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(chunkLinks()).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(imageLinks()).toEqual([]);
  });

  it('asks nothing when signed in (answers vary with Authorization), even with answers in the page', async () => {
    visit('/categories/imbracaminte-femei');
    localStorage.setItem('auth', JSON.stringify({ token: 'secret' }));
    carry({ locale: 'ro', answers: { '/master': masterAnswer } });
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(chunkLinks()).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(imageLinks()).toEqual([]);
  });

  it('asks as usual with a service worker registered but not in control, or a stored session without token', async () => {
    visit('/');
    setNavigator('serviceWorker', { controller: null });
    localStorage.setItem('auth', JSON.stringify({ token: null }));
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(asked()).toContain('/api/master');
  });

  it('a screen the server drew: the app’s code starts after the page’s load and the next frame, not with the page (ADR 044)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    visit('/categories/imbracaminte-femei');
    document.head.prepend(appCodeElement(['/assets/react-r1.js']));
    startFirstScreen(CHUNKS, BUILD);
    const entry = () => document.head.querySelector('script[type="module"]')?.getAttribute('src');
    expect(entry()).toBeUndefined();
    expect(chunkLinks()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(entry()).toBeUndefined(); // the frame after the load first: it may be the first paint
    vi.advanceTimersToNextFrame();
    expect(entry()).toBeUndefined(); // painted: the task after it
    vi.advanceTimersByTime(1);
    expect(entry()).toBe('/assets/index-e1.js');
    expect(chunkLinks().map((l) => l.href)).toEqual(['/assets/react-r1.js', '/assets/catalog-d4.js']);
    expect(document.getElementById('drawn-for-another')).toBeNull();
  });

  it('a screen the server drew, in a browser that reports paints: the code waits for the first contentful paint to be shown', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const paints: { name: string }[] = [];
    let report: (() => void) | undefined;
    class FakePaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: () => void) {
        report = callback;
      }
      observe() {}
      disconnect() {
        report = undefined;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) => paints.filter((p) => p.name === name) as never);
    visit('/categories/imbracaminte-femei');
    document.head.prepend(appCodeElement());
    startFirstScreen(CHUNKS, BUILD);
    const entry = () => document.head.querySelector('script[type="module"]')?.getAttribute('src');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(entry()).toBeUndefined(); // loaded, a frame went by, nothing shown yet
    paints.push({ name: 'first-paint' });
    report?.();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(entry()).toBeUndefined(); // a paint without content
    paints.push({ name: 'first-contentful-paint' });
    report?.();
    expect(report).toBeUndefined(); // seen once: no longer observed
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(entry()).toBe('/assets/index-e1.js');
  });

  it('a screen drawn for another visitor (signed in): hidden until the app replaces it, its code started at once', () => {
    visit('/');
    localStorage.setItem('auth', JSON.stringify({ token: 'secret' }));
    document.head.prepend(appCodeElement());
    startFirstScreen(CHUNKS, BUILD);
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-e1.js');
    expect(document.getElementById('drawn-for-another')?.textContent).toBe('#root{visibility:hidden}');
  });

  it('a screen drawn for a first visit, the app’s cache of this build on the device: hidden, its code started at once', () => {
    visit('/categories/imbracaminte-femei');
    document.head.prepend(appCodeElement());
    markPersistedCache({ buster: BUILD, at: Date.now() - 60_000 });
    startFirstScreen(CHUNKS, BUILD);
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-e1.js');
    expect(document.getElementById('drawn-for-another')?.textContent).toBe('#root{visibility:hidden}');
  });

  it('a cache the app will throw away (another build’s, or too old) leaves the drawn screen shown', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    // Not a first visit's data (nothing asked): only the drawn screen's handling is looked at.
    setNavigator('serviceWorker', { controller: {} });
    const code = appCodeElement();
    for (const mark of [
      { buster: 'b0', at: Date.now() },
      { buster: BUILD, at: Date.now() - PERSIST_MAX_AGE - 1 },
    ]) {
      document.head.innerHTML = '';
      document.head.prepend(code);
      markPersistedCache(mark);
      startFirstScreen(CHUNKS, BUILD);
      takeEarlyTaps();
      expect(document.head.querySelector('script[type="module"]')).toBeNull();
      expect(document.getElementById('drawn-for-another')).toBeNull();
    }
  });

  it('on Save-Data, offers only variants up to 480 px', async () => {
    visit('/');
    setNavigator('connection', { saveData: true, effectiveType: '4g' });
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(photoLink()?.imagesrcset).toBe(srcset('banner', [160, 320, 480]));
  });

  it('on a 2g connection too; a photo with no variant that small offers its smallest', async () => {
    visit('/');
    setNavigator('connection', { saveData: false, effectiveType: 'slow-2g' });
    carry({
      locale: 'ro',
      answers: {
        '/banners': { message: '', data: { data: [{ id: 1, image: '/media/banner.jpg', image_meta: meta('wide', [640, 960]) }] } },
      },
    });
    startFirstScreen(CHUNKS, BUILD);
    await settle();
    expect(photoLink()?.imagesrcset).toBe(srcset('wide', [640]));
  });
});
