/**
 * One randomized journey, end to end: a fresh shopper and phone, the commands, then "back online
 * and settled", then the verdict — server against model (lost / applied twice), screen against
 * model in every open tab, selection, and the screen again after a reload.
 */
import fc from 'fast-check';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { createVerifiedUser } from '../users.ts';
import { Phone, SCREEN_MS, serverCart, serverFavorites } from './browser.ts';
import { formatCart, formatSet, judge, newModel, settledSelection, type Model, type PoolProduct } from './model.ts';

/** How long "back online" may take to deliver everything before what is missing counts as lost. */
export const SETTLE_MS = Number(process.env.OFFLINE_SETTLE_MS ?? 15_000);

export interface JourneyResult {
  path: string;
  steps: number;
  commands: string;
  lost: number;
  duplicated: number;
  /** Screens (tab × check) whose cart or wishlist did not show the model once settled. */
  screenMismatches: number;
  /**
   * Screens whose ticked lines (the device-local checkout selection, product §4) differ from the
   * model's. Reported, not failed on, while the known defect is open (docs/offline.md).
   */
  selectionMismatches: number;
  /**
   * A step could not be driven (a browser call timed out): the remaining steps are skipped, and
   * the verdict stays valid because the model records only the taps that were made. Reported.
   */
  stepError?: string;
  /** Settling or judging broke: no verdict for this sequence. Fails the test. */
  error?: string;
  details: string[];
  seconds: number;
  /** Where the time went (fresh phone, steps, settling, screens). */
  timings?: string;
}

const sameMap = (a: Map<number, number>, b: Map<number, number>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
const sameSet = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((k) => b.has(k));

export async function runJourney(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  pool: PoolProduct[],
  commands: Iterable<fc.AsyncCommand<Model, Phone>>,
  path: string,
): Promise<JourneyResult> {
  const started = Date.now();
  const phase = (name: string) => timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const timings: string[] = [];
  const session = await createVerifiedUser(request, 'Ioana Drum');
  const start = () => withDeadline(Phone.start(browser, baseURL, session, pool), 120_000, 'starting the phone');
  // Setting the phone up is not the journey: a setup hiccup on a loaded machine (seen once: the
  // persisted cache not found within its wait) gets one more try on a fresh phone.
  const phone = await start().catch(() => start());
  phase('started');
  const model = newModel(pool);
  const result: JourneyResult = {
    path,
    steps: 0,
    commands: '',
    lost: 0,
    duplicated: 0,
    screenMismatches: 0,
    selectionMismatches: 0,
    details: [],
    seconds: 0,
  };
  try {
    try {
      // A step that never answers (a browser call on a crashed target) must cost this sequence,
      // not the whole run: the steps get STEPS_MS, whatever they are.
      await withDeadline(
        fc.asyncModelRun(() => ({ model, real: phone }), commands),
        STEPS_MS,
        'the steps',
      );
    } catch (error) {
      result.stepError = `during the steps: ${(error as Error).message.split('\n')[0]}`;
    }
    result.commands = String(commands).replace(/\s*\/\*replayPath=.*\*\/\s*$/, '');
    result.steps = result.commands ? result.commands.split(',').filter((c) => c.includes('(')).length : 0;

    phase('steps');
    await withDeadline(settleAndJudge(), SETTLE_PHASE_MS, 'settling and the screen checks');
  } catch (error) {
    result.error = `while settling: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    result.details.push(...phone.notes.map((n) => `note: ${n}`));
    if (phone.swRequestsInLiefi)
      result.details.push(`note: service worker fetches in lie-fi: ${phone.swRequestsInLiefi}, failed: ${phone.swFailuresInLiefi}`);
    await withDeadline(phone.close(), 20_000, 'closing the phone').catch(() =>
      result.details.push('note: the browser context did not close within 20 s'),
    );
    result.seconds = (Date.now() - started) / 1000;
    result.timings = timings.join(', ');
  }
  return result;

  async function settleAndJudge() {
    // Back online everywhere; if the journey closed every tab, the shopper opens the app.
    await phone.setNet('online');
    if (phone.tabs.length === 0) await phone.openTab('/');

    const token = session.token;
    // Settled: the outbox has sent everything and the server holds what the model does. Either
    // alone is not enough — toggles "off, on" waiting offline leave the server as the model wants
    // before the replay, which would then be judged halfway.
    const settled = async () =>
      (await phone.outboxSize()) === 0 &&
      sameMap(await serverCart(request, token), model.cart) &&
      sameSet(await serverFavorites(request, token), model.favorites);
    await expect
      .poll(settled, { timeout: SETTLE_MS, intervals: [250, 500, 1000] })
      .toBe(true)
      .catch(async () => {
        const left = await phone.outboxSize();
        if (left !== 0)
          result.details.push(
            `the outbox still holds ${left < 0 ? 'an unreadable number of' : left} change(s) after ${SETTLE_MS / 1000}s online`,
          );
      });
    for (const [i, page] of phone.tabs.entries()) {
      await expect
        .poll(() => phone.pendingOnScreen(page), { timeout: 5_000 })
        .toBe(0)
        .catch(() => result.details.push(`tab ${i + 1}: still marked as waiting after ${SETTLE_MS / 1000}s online`));
    }
    phase('settled');
    const cart = await serverCart(request, token);
    const favorites = await serverFavorites(request, token);
    const verdict = judge(model, cart, favorites);
    result.lost = verdict.lost;
    result.duplicated = verdict.duplicated;
    result.details.push(...verdict.details);
    if (verdict.details.length)
      result.details.push(
        `server ${formatCart(cart)} ♥${formatSet(favorites)}; model ${formatCart(model.cart)} ♥${formatSet(model.favorites)}`,
      );

    // The screen of every open tab, without a reload: what the shopper sees now.
    for (const [i, page] of phone.tabs.entries()) await checkScreen(phone, page, model, result, `tab ${i + 1}`);
    phase('screens');
    // And after a reload of the active tab: nothing shown that the device does not really hold.
    await phone.reload();
    await checkScreen(phone, phone.page, model, result, `tab ${phone.active + 1} after a reload`);
    phase('reloaded');
  }
}

/** Most time the steps of one sequence may take (15 steps at ~1–3 s each on a quiet machine). */
const STEPS_MS = 150_000;
/** Most time settling, the server verdict and the screen checks may take together. */
const SETTLE_PHASE_MS = SETTLE_MS + 120_000;

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s (a browser call never answered)`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function checkScreen(phone: Phone, page: import('@playwright/test').Page, model: Model, result: JourneyResult, where: string) {
  let shown = new Map<number, number>();
  const cartOk = await expect
    .poll(async () => sameMap((shown = await phone.screenCart(page)), model.cart), { timeout: SCREEN_MS })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (!cartOk) {
    result.screenMismatches++;
    result.details.push(
      `${where}: the drawer shows ${formatCart(shown)}, model ${formatCart(model.cart)}`,
      ...(await phone.diagnose(page)),
    );
  } else {
    // The selection is the device's own (local storage, followed by every tab).
    const want = settledSelection(model);
    let ticked = new Set<number>();
    const ok = await expect
      .poll(async () => sameSet((ticked = await phone.screenSelection(page)), want), { timeout: 3_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (!ok) {
      result.selectionMismatches++;
      result.details.push(`${where}: ticked lines ${formatSet(ticked)}, model ${formatSet(want)}`);
    }
  }
  let hearts = new Set<number>();
  const favOk = await expect
    .poll(async () => sameSet((hearts = await phone.screenFavorites(page)), model.favorites), { timeout: SCREEN_MS })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (!favOk) {
    result.screenMismatches++;
    result.details.push(
      `${where}: the wishlist shows ${formatSet(hearts)}, model ${formatSet(model.favorites)}`,
      ...(await phone.diagnose(page)),
    );
  }
}
