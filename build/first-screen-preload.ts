/**
 * The first screen without waiting for the entry script (docs/decisions/042-first-load-today.md).
 *
 * Puts the start-up script (src/boot/first-screen.ts) into the built index.html as an inline
 * classic script: with the page itself it starts the code of the screen the address opens
 * (modulepreload of its chunks, preload of its stylesheet) and, on a first visit, the public API
 * answers the shell and that screen show and its largest picture — rather than after the entry
 * script has been fetched and run.
 *
 * The module is compiled here with esbuild into a minified IIFE (browser code, es2017) that
 * calls its `startFirstScreen` with, for each first screen, its route chunk, the chunks it
 * imports that the entry does not, and their stylesheets — known only once the bundle is
 * written. Inline rather than a file: a file would be one more round trip before anything else
 * starts. The server's CSP allows it by its SHA-256, computed from the built index.html
 * (server/plugins/security-headers.ts).
 */
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';

export interface FirstScreenPreloadOptions {
  /** Each first screen (the start-up module's FirstScreen) → its route module, e.g. src/app/routes/home.tsx. */
  screens: Record<string, string>;
  /** The start-up module, exporting `startFirstScreen(chunks, buildId)`; relative to the project's root. */
  module: string;
  /** The build's id (build/build-id.ts), as the app's `import.meta.env.VITE_BUILD_ID`. */
  buildId: string;
  /**
   * Modules the entry loads with `import()` as it starts (src/main.tsx): their chunks are
   * preloaded with the page like the entry's own (`<link rel="modulepreload">` beside Vite's), and
   * count as the entry's for the first screens' lists.
   */
  startUp?: string[];
}

/** The start-up module and what it imports as one classic script, calling it with `chunks` and the build's id. */
function compileStartUp(root: string, startUp: string, chunks: Record<string, string[]>, buildId: string): string {
  const result = buildSync({
    stdin: {
      contents: `import { startFirstScreen } from ${JSON.stringify(`./${startUp}`)};\nstartFirstScreen(${JSON.stringify(chunks)}, ${JSON.stringify(buildId)});\n`,
      resolveDir: root,
      sourcefile: 'first-screen-start-up.ts',
      loader: 'ts',
    },
    absWorkingDir: root,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2017',
    minify: true,
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  // Nothing from a package: the script runs before anything else, so it carries no library (zod).
  const packages = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules'));
  if (packages.length) throw new Error(`firstScreenPreload: ${startUp} must not import packages at run time (${packages.join(', ')})`);
  const code = result.outputFiles[0]!.text.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error(`firstScreenPreload: ${startUp} compiles to text that would end the inline script`);
  return code;
}

export function firstScreenPreload({
  screens: firstScreens,
  module: startUp,
  buildId,
  startUp: appStartUp = [],
}: FirstScreenPreloadOptions): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'talcioc-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (files: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            byFile.get(file)?.imports.forEach(visit);
          };
          files.forEach(visit);
          return seen;
        };
        const entryChunks = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        const startUpChunks = appStartUp.map((module) => {
          const chunk =
            chunks.find((c) => c.facadeModuleId?.endsWith(module)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`firstScreenPreload: no chunk for ${module} (startUp)`);
          return chunk.fileName;
        });
        const entry = closure([...entryChunks, ...startUpChunks]);
        // The start-up chunks and what they import beyond the entry's own, in the order loaded:
        // fetched with the page, so the app's `import()` of them waits for no request. The tags
        // are Vite's own (server/first-screen/render.ts moves them into the app-code element).
        const staticEntry = closure(entryChunks);
        const startUpTags = [...closure(startUpChunks)]
          .filter((file) => !staticEntry.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
        const screens = Object.fromEntries(
          Object.entries(firstScreens).map(([screen, routeModule]) => {
            const chunk =
              chunks.find((c) => c.facadeModuleId?.endsWith(routeModule)) ??
              chunks.find((c) => c.moduleIds.some((id) => id.endsWith(routeModule)));
            if (!chunk) throw new Error(`firstScreenPreload: no chunk for ${routeModule}`);
            const files = [...closure([chunk.fileName])].filter((file) => !entry.has(file));
            const css = new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
            return [screen, [...files, ...css]];
          }),
        );
        // Right after the viewport's meta tag: before it the page is laid out 980 px wide, and an
        // image preload's `imagesizes` then picks a desktop width (a 1600 px photo preloaded
        // for a phone that shows the 960 px one, seen once the answers came with the page, ADR 026);
        // before the stylesheets, which would hold a parser-inserted script back until they load.
        const viewport = /<meta name="viewport"[^>]*>/.exec(html);
        if (!viewport) throw new Error('firstScreenPreload: index.html has no viewport meta tag');
        const at = viewport.index + viewport[0].length;
        const script = compileStartUp(path.resolve(root), startUp, screens, buildId);
        let page = `${html.slice(0, at)}\n    <script>${script}</script>${html.slice(at)}`;
        if (startUpTags.length) {
          const preloads = [...page.matchAll(/<link rel="modulepreload"[^>]*>/g)];
          const last = preloads[preloads.length - 1];
          if (!last) throw new Error('firstScreenPreload: index.html has no modulepreload tag to put the start-up chunks after');
          const after = last.index + last[0].length;
          page = `${page.slice(0, after)}\n    ${startUpTags.join('\n    ')}${page.slice(after)}`;
        }
        return page;
      },
    },
  };
}
