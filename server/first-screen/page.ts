/**
 * The app's page (the built index.html) as answered to a navigation: read from disk when it
 * changed (a deploy swaps the directory under a running server: server/plugins/static.ts), with
 * the first screen's answers written in when there are some (first-answers.ts, ADR 026).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswers } from '#contract/first-answers.ts';
import { inertJson } from './first-answers.ts';

export function appPage(root: string) {
  const file = path.join(path.resolve(root), 'index.html');
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  /** The page's text, or null when there is no built app (yet). */
  return async function read(): Promise<string | null> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      try {
        cached = { mtimeMs: info.mtimeMs, size: info.size, html: await readFile(file, 'utf8') };
      } catch {
        return null; // swapped away between the two calls (a deploy): the file as sendFile finds it
      }
    }
    return cached.html;
  };
}

/**
 * The answers right after the viewport's meta tag (else the head's start): before the inline
 * start-up script that follows it (vite.config.ts), which reads them to preload the screen's
 * largest photo without a round trip; after the charset and viewport, so neither moves.
 */
export function withFirstAnswers(html: string, first: FirstAnswers): string {
  const element = `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${inertJson(first)}</script>`;
  const anchor = /<meta name="viewport"[^>]*>/i.exec(html) ?? /<head[^>]*>/i.exec(html);
  if (!anchor) return html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + element + html.slice(at);
}
