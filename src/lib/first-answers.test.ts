/** The answers a first visit's page carries (ADR 026) as the app's first requests take them. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setTokenReader } from './api-client.ts';
import { FIRST_ANSWERS_FRESH_MS, resetFirstAnswers } from './first-answers.ts';

const category = { message: 'ok', data: { category: { id: 7, name: 'Rochii' } } };
const listing = { message: 'ok', data: { data: [{ id: 1 }] } };
const fromNetwork = { message: 'ok', data: { from: 'network' } };

function pageWith(content: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answers';
  element.textContent = content;
  document.head.appendChild(element);
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetFirstAnswers();
  // The page just started (a slow test machine must not make the answers stale).
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
  fetchMock = vi.fn(
    async () => new Response(JSON.stringify(fromNetwork), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.getElementById('first-answers')?.remove();
  localStorage.clear();
  setTokenReader(() => null);
});

describe('first answers', () => {
  it("answers the first request for an address from the page, whatever the query's order, then asks the network", async () => {
    pageWith(
      JSON.stringify({
        locale: 'ro',
        answers: { '/categories/rochii': category, '/products/filter?category=7&page=1&sort=newest': listing },
      }),
    );
    expect(await apiRequest('/categories/rochii')).toEqual(category);
    expect(await apiRequest('/products/filter', { query: { category: 7, sort: 'newest', page: 1 } })).toEqual(listing);
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: a refresh is the network's.
    expect(await apiRequest('/categories/rochii')).toEqual(fromNetwork);
    expect(fetchMock).toHaveBeenCalledOnce();
    // The element is read once and gone from the document.
    expect(document.getElementById('first-answers')).toBeNull();
  });

  it('is not for a signed-in shopper, another language, another address, a write, or a stale page', async () => {
    const answers = JSON.stringify({ locale: 'ro', answers: { '/categories/rochii': category, '/master': category } });
    pageWith(answers);
    setTokenReader(() => 'tok');
    expect(await apiRequest('/categories/rochii')).toEqual(fromNetwork);
    setTokenReader(() => null);
    localStorage.setItem('locale', '"en"');
    expect(await apiRequest('/categories/rochii')).toEqual(fromNetwork);
    localStorage.clear();
    expect(await apiRequest('/categories/rochii', { query: { page: 2 } })).toEqual(fromNetwork);
    expect(await apiRequest('/categories/rochii', { method: 'POST', body: {} })).toEqual(fromNetwork);
    // A request already cancelled does not use the answer up.
    const cancelled = new AbortController();
    cancelled.abort();
    await apiRequest('/categories/rochii', { signal: cancelled.signal }).catch(() => undefined);
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_ANSWERS_FRESH_MS + 1);
    expect(await apiRequest('/master')).toEqual(fromNetwork);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    expect(await apiRequest('/categories/rochii')).toEqual(category);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('a page cut short in its answers, or none, is the network as before', async () => {
    pageWith('{"locale":"ro","answers":{"/master":');
    expect(await apiRequest('/master')).toEqual(fromNetwork);
    resetFirstAnswers();
    expect(await apiRequest('/master')).toEqual(fromNetwork);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
