import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTapIntents } from './tap-intents.ts';

describe('heart taps while earlier taps are still being stored', () => {
  it('a second tap before the first is stored undoes it instead of repeating it', () => {
    const intents = createTapIntents();
    const first = intents.next(7, true);
    const second = intents.next(7, true); // the heart still shows "on": the first is not stored yet
    expect([first.favorite, second.favorite]).toEqual([false, true]);
  });

  it('once the newest tap is stored the screen is read again; an older one finishing changes nothing', () => {
    const intents = createTapIntents();
    const first = intents.next(7, false); // on
    const second = intents.next(7, false); // off
    first.stored();
    // The heart shows "on" (the first), but the taps head to "off" (the second): this one asks "on".
    const third = intents.next(7, true);
    expect(third.favorite).toBe(true);
    second.stored();
    third.stored();
    expect(intents.next(7, true).favorite).toBe(false);
  });

  it('random taps, stores and screen states: every tap flips the state the taps before it asked for', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.oneof(fc.constant('tap' as const), fc.nat(5)), { maxLength: 40 }), (initial, script) => {
        const intents = createTapIntents();
        let intended = initial; // what the shopper's taps add up to
        let shown = initial; // what the heart shows: every stored tap, in tap order
        const waiting: { favorite: boolean; stored(): void; done: boolean }[] = [];
        for (const step of script) {
          if (step === 'tap') {
            const tap = intents.next(1, shown);
            expect(tap.favorite).toBe(!intended);
            intended = tap.favorite;
            waiting.push({ ...tap, done: false });
          } else if (waiting.length) {
            // The outbox stores taps in order: the oldest not yet stored finishes.
            const next = waiting.find((w) => !w.done);
            if (!next) continue;
            next.done = true;
            shown = next.favorite;
            next.stored();
          }
        }
      }),
    );
  });
});
