/**
 * A photo's placeholder from its ThumbHash (a few dozen bytes from the API). Two forms:
 * - its average colour, nearly free, painted at once behind every photo;
 * - the blurred preview (a small PNG data URL), which costs a fraction of a millisecond to a
 *   millisecond or more of script per image on a cheap phone. A listing has dozens of pictures:
 *   decoding them all in the first render was a long task before the first screen (issue 15, TBT). So apart from
 *   the page's largest picture, previews are decoded in idle time, a few per idle period, and
 *   handed to whoever still waits for them (`requestPlaceholderUrl`).
 * Decoded previews are kept (a listing shows the same ones again), so a repeat view paints them at once.
 * Decoded by thumbhash-decode.ts (the package's pixels, a fraction of its cosines).
 */
import { rgbaToDataURL, thumbHashToAverageRGBA } from 'thumbhash';
import { PREVIEW_LONG_SIDE, thumbHashToRGBA } from './thumbhash-decode.ts';
import { requestIdle } from '#src/lib/when-idle.ts';

const MAX_CACHED = 500;
const urls = new Map<string, string>();
const colours = new Map<string, string>();

function bytesOf(hash: string): Uint8Array {
  return Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
}

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size > MAX_CACHED) cache.clear();
  cache.set(key, value);
  return value;
}

/** The blurred preview as a PNG data URL ('' for a hash that does not decode), decoded now. */
export function placeholderUrl(hash: string): string {
  const cached = urls.get(hash);
  if (cached !== undefined) return cached;
  let url = '';
  try {
    const { w, h, rgba } = thumbHashToRGBA(bytesOf(hash), PREVIEW_LONG_SIDE);
    url = rgbaToDataURL(w, h, rgba);
  } catch {
    url = '';
  }
  return remember(urls, hash, url);
}

/** The preview if it has been decoded already, else undefined (never decodes). */
export function decodedPlaceholderUrl(hash: string): string | undefined {
  return urls.get(hash);
}

/** The preview's average colour as a CSS colour ('' for a hash that does not decode). */
export function placeholderColour(hash: string): string {
  const cached = colours.get(hash);
  if (cached !== undefined) return cached;
  let colour = '';
  try {
    const { r, g, b } = thumbHashToAverageRGBA(bytesOf(hash));
    colour = `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    colour = '';
  }
  return remember(colours, hash, colour);
}

type Waiter = { hash: string; deliver: (url: string) => void };
const waiting: Waiter[] = [];
let scheduled = false;

/** Budget per idle period: well under one frame, so a tap is never kept waiting. */
const SLICE_MS = 4;
/** A preview is decoration: it may wait this long for an idle period. */
const IDLE_TIMEOUT_MS = 2000;

function drain(deadline?: IdleDeadline) {
  // Every waiter may have been cancelled since this was scheduled.
  if (waiting.length === 0) {
    scheduled = false;
    return;
  }
  // At least one per idle period (so the queue always moves), then while this one lasts, at most SLICE_MS.
  const budget = Math.min(SLICE_MS, deadline && !deadline.didTimeout ? deadline.timeRemaining() : SLICE_MS);
  const started = performance.now();
  do {
    const waiter = waiting.shift()!;
    waiter.deliver(placeholderUrl(waiter.hash));
  } while (waiting.length > 0 && performance.now() - started < budget);
  if (waiting.length > 0) requestIdle(drain, IDLE_TIMEOUT_MS);
  else scheduled = false;
}

/**
 * Decodes the preview in idle time and calls `deliver` with it (at once if it is decoded
 * already). Returns a cancel function (the picture loaded or left the screen first).
 */
export function requestPlaceholderUrl(hash: string, deliver: (url: string) => void): () => void {
  const decoded = urls.get(hash);
  if (decoded !== undefined) {
    deliver(decoded);
    return () => undefined;
  }
  const waiter: Waiter = { hash, deliver };
  waiting.push(waiter);
  if (!scheduled) {
    scheduled = true;
    requestIdle(drain, IDLE_TIMEOUT_MS);
  }
  return () => {
    const index = waiting.indexOf(waiter);
    if (index >= 0) waiting.splice(index, 1);
  };
}
