/**
 * Build step (vite.config.ts): writes a Brotli (quality 11) and a gzip (level 9) copy next to
 * every text file of the build that is worth compressing, so the server sends them as they are
 * (@fastify/static `preCompressed`, server/plugins/static.ts) instead of compressing on each
 * request at a fast, weaker level: Brotli 11 is ~14 % smaller than the on-the-fly Brotli and
 * costs the server nothing per request (issue #3, docs/decisions/042-first-load-today.md).
 * Runs after vite-plugin-pwa has written the service worker (closeBundle, order 'post').
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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
      async handler(error) {
        // A failed build leaves nothing worth sending; a server-side build is not sent at all.
        if (error || config.build.ssr || !config.build.write) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const targets = [...files(outDir)].filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES);
        // zlib's thread pool compresses the files side by side.
        await Promise.all(
          targets.map(async (file) => {
            const content = await readFile(file);
            const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
            await Promise.all([
              writeFile(`${file}.br`, await brotli(content, { params })),
              writeFile(`${file}.gz`, await gzipped(content, { level: 9 })),
            ]);
          }),
        );
      },
    },
  };
}
