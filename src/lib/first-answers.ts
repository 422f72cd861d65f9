/**
 * The public API answers a first visit's page arrived with (ADR 026: the server writes them into
 * the page as inert JSON, server/first-screen/first-answers.ts). The app's first requests for the
 * same addresses take them instead of a round trip — once each, and only while the page is
 * fresh, so a later refresh always goes to the network. Only for anonymous GETs in the answers'
 * language (they are the anonymous Romanian answers).
 */
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswers } from '#contract/first-answers.ts';

/** An answer older than this is no longer the page's: the app asks the network. */
export const FIRST_ANSWERS_FRESH_MS = 30_000;

let first: FirstAnswers | null | undefined;

function load(): FirstAnswers | null {
  if (first !== undefined) return first;
  first = null;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return first;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<FirstAnswers>;
    if (typeof parsed.locale === 'string' && parsed.answers && typeof parsed.answers === 'object') first = parsed as FirstAnswers;
  } catch {
    // A page cut short: the app asks the network, as without answers.
  }
  element.remove();
  return first;
}

/** The page's answer for `key` in `locale` (taken: asked again, it is the network's), or undefined. */
export function takeFirstAnswer(key: string, locale: string): unknown {
  const answers = load();
  if (!answers || answers.locale !== locale || performance.now() > FIRST_ANSWERS_FRESH_MS) return undefined;
  if (!Object.prototype.hasOwnProperty.call(answers.answers, key)) return undefined;
  const answer = answers.answers[key];
  delete answers.answers[key];
  return answer;
}

/** Tests: forget what was read (the next call reads the document again). */
export function resetFirstAnswers() {
  first = undefined;
}
