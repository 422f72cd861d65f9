/**
 * The first screen without waiting for the entry script (docs/decisions/008-first-load.md).
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
  /** The start-up module, exporting `startFirstScreen(chunks)`; relative to the project's root. */
  module: string;
}

/** The start-up module and what it imports as one classic script, calling it with `chunks`. */
function compileStartUp(root: string, startUp: string, chunks: Record<string, string[]>): string {
  const result = buildSync({
    stdin: {
      contents: `import { startFirstScreen } from ${JSON.stringify(`./${startUp}`)};\nstartFirstScreen(${JSON.stringify(chunks)});\n`,
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

export function firstScreenPreload({ screens: firstScreens, module: startUp }: FirstScreenPreloadOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'talcioc-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
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
        const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
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
        const script = compileStartUp(path.resolve(root), startUp, screens);
        return `${html.slice(0, at)}\n    <script>${script}</script>${html.slice(at)}`;
      },
    },
  };
}
