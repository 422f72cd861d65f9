import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html.ts';

/** Renders subpage HTML only after sanitising it (issue #3: no script or handler survives). */
export function SubpageContent({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return <div data-testid="subpage-content" dangerouslySetInnerHTML={{ __html: safe }} />;
}
