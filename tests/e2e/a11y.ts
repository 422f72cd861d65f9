/**
 * Accessibility checks shared by the browser tests (issue 37 §3):
 * - `axeViolations(page)`: axe-core with the WCAG 2.0/2.1 A and AA rules (EN 301 549 v3.2.1) plus
 *   `target-size` (2.5.8, WCAG 2.2: targets at least 24 × 24 px), every impact counted;
 * - `horizontalOverflow(page)`: what sticks out sideways (1.4.10 reflow at 320 CSS px);
 * - `TEXT_SPACING_CSS`: the WCAG 1.4.12 text-spacing bookmarklet's rules.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Violations as short lines "rule (impact): selector | selector" — empty when the page passes. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { 'target-size': { enabled: true } },
  });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Elements wider than the viewport or reaching past its right edge (none may, at 320 px). */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px > ${width}px`);
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Content inside a scroller of its own (a carousel row) may extend past the edge by design.
      let scroller = el.parentElement;
      let inScroller = false;
      while (scroller && scroller !== document.body) {
        const style = getComputedStyle(scroller);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX) && scroller.getBoundingClientRect().right <= width + 1) {
          inScroller = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      if (!inScroller && out.length < 5)
        out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(box.right)}`);
    }
    return out;
  });
}

/** WCAG 1.4.12's test: line height 1.5, paragraph spacing 2, letter spacing 0.12, word spacing 0.16 (em). */
export const TEXT_SPACING_CSS = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;
