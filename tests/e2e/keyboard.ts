/**
 * Keyboard-only journeys (issue 37 §3, WCAG 2.1.1, 2.4.3, 2.4.7, 4.1.3): helpers that move through
 * the page with Tab and keys only — never the mouse — and check at every stop that the focused
 * element shows a visible focus indicator, that a dialog takes the focus and gives it back, and
 * that results are announced in a live region. Journeys for new screens (withdrawal, reviews,
 * reports) are written with these.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** What the focused element looks like, to tell whether its focus can be seen. */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { focused: false, visible: false, name: 'body' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    // A checkbox or radio input is drawn by its visual sibling: its focus ring is on that.
    const drawn = el.matches('input[type=checkbox], input[type=radio]')
      ? (() => {
          const sib = el.nextElementSibling ?? el.parentElement;
          const s = sib ? getComputedStyle(sib) : null;
          return Boolean(s && ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'));
        })()
      : false;
    // Or on a wrapper that draws the field (a focus-within ring), up to two levels up.
    let wrapper = el.parentElement;
    let wrapped = false;
    for (let level = 0; wrapper && level < 2 && !wrapped; level += 1, wrapper = wrapper.parentElement) {
      const s = getComputedStyle(wrapper);
      wrapped =
        wrapper.matches(':focus-within') && ((s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none');
    }
    // A hidden radio (a chip's, a star of a rating) is seen through the box drawn beside it.
    const drawnBox = el.matches('input[type=checkbox], input[type=radio]') ? el.nextElementSibling : null;
    const box = el.getBoundingClientRect().width > 0 || !drawnBox ? el.getBoundingClientRect() : drawnBox.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0;
    return {
      focused: true,
      visible:
        el.matches(':focus-visible') &&
        onScreen &&
        (outline || ring || drawn || wrapped || el.matches('input[type=checkbox], input[type=radio]')),
      name: `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} ${(el.textContent ?? '').trim().slice(0, 30)}`,
    };
  });
}

/** The focused element shows where the focus is (2.4.7). */
export async function expectVisibleFocus(page: Page) {
  const focus = await focusIndicator(page);
  expect(focus.focused, 'something has the focus').toBe(true);
  expect(focus.visible, `the focus on ${focus.name} is visible`).toBe(true);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, checking a visible focus
 * at every stop; at most `maxStops` presses.
 */
export async function tabTo(page: Page, target: Locator, { maxStops = 80, backwards = false } = {}) {
  let previous = 'the start';
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await focusIndicator(page);
    expect(focus.focused, `something has the focus after ${previous}`).toBe(true);
    expect(focus.visible, `the focus on ${focus.name} is visible`).toBe(true);
    previous = focus.name;
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
  }
  throw new Error(`${maxStops} Tab presses did not reach ${String(target)}`);
}

/** Moves to `target` with Tab and presses `key` on it (Enter for links and buttons, Space for checkboxes). */
export async function tabAndPress(page: Page, target: Locator, key = 'Enter', options?: { maxStops?: number }) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** The focus is inside `container` (a dialog that just opened took it: 2.4.3). */
export async function expectFocusWithin(container: Locator) {
  await expect
    .poll(() => container.evaluate((el) => el.contains(document.activeElement)), { message: 'the focus moved into the dialog' })
    .toBe(true);
}

/** The focus is on `target` (a dialog that closed gave it back to what opened it). */
export async function expectFocusOn(target: Locator) {
  await expect.poll(() => target.evaluate((el) => el === document.activeElement), { message: 'the focus came back' }).toBe(true);
}

/** `text` is in a live region (role status/alert or aria-live polite/assertive): screen readers say it (4.1.3). */
export async function expectAnnounced(page: Page, text: string | RegExp) {
  const regions = page.locator('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]');
  await expect(regions.filter({ hasText: text }).first()).toBeAttached();
}

/** Fails the test if the mouse is used on the page: the journey must be keyboard only. */
export async function forbidMouse(page: Page) {
  await page.addInitScript(() => {
    const refuse = (event: Event) => {
      if (event.isTrusted) (window as unknown as { __mouseUsed?: boolean }).__mouseUsed = true;
    };
    for (const type of ['mousedown', 'pointerdown', 'wheel'] as const) window.addEventListener(type, refuse, true);
  });
  return async () => expect(await page.evaluate(() => (window as unknown as { __mouseUsed?: boolean }).__mouseUsed ?? false)).toBe(false);
}
