import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps headings, paragraphs and lists', () => {
    expect(sanitizeHtml('<h2>Livrare</h2><p>În <b>3</b> zile</p><ul><li>ramburs</li></ul>')).toBe(
      '<h2>Livrare</h2><p>În <b>3</b> zile</p><ul><li>ramburs</li></ul>',
    );
  });
  it('drops scripts, event handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">x</p><script>alert(1)</script><a href="javascript:alert(1)">y</a><img src=x onerror=alert(1)>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('<p>x</p>');
  });
  it('opens external links safely', () => {
    expect(sanitizeHtml('<a href="https://anpc.ro">ANPC</a>')).toContain('rel="noopener noreferrer"');
  });
});
