/**
 * The build's id, `import.meta.env.VITE_BUILD_ID` in the app (vite.config.ts `define`).
 *
 * A new id per build busts the persisted query cache (src/lib/query-persister.ts): answers
 * persisted by one release are not read back by the next, whose code may expect other shapes.
 * VITE_BUILD_ID in the environment wins (reproducible builds); else the commit and the time.
 */
import { execSync } from 'node:child_process';

export function buildId(): string {
  if (process.env.VITE_BUILD_ID !== undefined) return process.env.VITE_BUILD_ID;
  try {
    return `${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()}-${Date.now().toString(36)}`;
  } catch {
    return Date.now().toString(36);
  }
}
