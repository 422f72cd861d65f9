/**
 * In the browser, zod parses objects without compiling parsers through `new Function` (issue 14,
 * ADR 018): the app's Content-Security-Policy has no 'unsafe-eval', and zod's first probe
 * (`new Function("")`, caught) would still be reported as a `securitypolicyviolation` on every page.
 * The server keeps zod's compiled parsers (faster, and no CSP there). Imported by envelope.ts, which
 * every contract module with objects imports, so it runs before the first object is parsed.
 */
import { z } from 'zod';

// 'window' in globalThis: the contract is also type-checked for Node, which has no window.
if ('window' in globalThis) z.config({ jitless: true });
