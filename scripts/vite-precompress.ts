/**
 * Build step (vite.config.ts): writes a Brotli (quality 11) and a gzip (level 9) copy next to
 * every text file of the build that is worth compressing, so the server sends them as they are
 * (@fastify/static `preCompressed`, server/plugins/static.ts) instead of compressing on each
 * request at a fast, weaker level: Brotli 11 is ~14 % smaller than the on-the-fly Brotli and
 * costs the server nothing per request (issue #3, docs/decisions/008-first-load.md).
 * Runs after vite-plugin-pwa has written the service worker (closeBundle, order 'post').
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'talcioc-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        for (const file of files(outDir)) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
          const content = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
