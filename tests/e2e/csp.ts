/**
 * Content-Security-Policy violations in browser tests (issue 14, ADR 018): any spec can call
 * `watchCspViolations(page)` before its first navigation and `expectNoCspViolations()` at the end
 * (or whenever it likes). Every `securitypolicyviolation` event of every document of the page —
 * reloads and navigations included — is reported to the test through an exposed function, so
 * nothing is lost when a page goes away.
 */
import { expect, type Page } from '@playwright/test';

export interface CspViolation {
  url: string;
  directive: string;
  blocked: string;
  sample: string;
}

export async function watchCspViolations(page: Page) {
  const violations: CspViolation[] = [];
  await page.exposeFunction('__talciocCspViolation', (v: CspViolation) => {
    violations.push(v);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __talciocCspViolation(v: unknown): void }).__talciocCspViolation({
        url: location.href,
        directive: event.effectiveDirective || event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  // Chromium also prints refused loads to the console; count those too (a report may race a navigation).
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push({ url: page.url(), directive: 'console', blocked: '', sample: message.text().slice(0, 300) });
    }
  });
  return {
    violations,
    expectNoCspViolations() {
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    },
  };
}
