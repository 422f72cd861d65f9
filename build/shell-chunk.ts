/**
 * The `shell` and `catalog` chunks (docs/decisions/042-first-load-today.md, "Few files").
 *
 * Over HTTP/1.1 a browser opens six connections per host, so twenty small chunks cost a first
 * visit more round trips than their bytes. This plugin finds, at the end of the module graph's
 * build, the modules the entry needs (a walk over static imports from it) and the modules the
 * catalog screens need; vite.config.ts's `codeSplitting` groups then put them in one `shell`
 * chunk and one `catalog` chunk (`groupOf`) instead of a small chunk per module that a lazy
 * screen shares.
 *
 * What main.tsx loads with `import()` as it starts (`startUp`, e.g. its routes and providers)
 * gets chunks the same way: each named chunk holds the modules its start modules need that
 * neither the entry nor an earlier chunk brought. A chunk is evaluated whole, in one task, apart
 * from the entry's (ADR 042, measured 2026-11-27); left to the bundler, these modules would go
 * into the entry's chunk (shared with the catalog screens) or into many small ones.
 *
 * Through a Mantine package entry (`@mantine/core`, `hooks`, `notifications`: they re-export
 * every component and hook) only the modules that define the names actually imported are
 * followed: a walk through the package entry would take in all of Mantine, the lazy screens'
 * modals, selects and menus included. Which module defines a name is read from the package
 * entry's own `import { … } from` / `export { … }` lines (regular expressions over its source).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** `shell`, `catalog`, or the name of a start-up piece (ShellChunkOptions.startUp). */
export type ChunkGroup = string;

/** Mantine's package entry files: they re-export every component and hook. */
const BARREL = /node_modules\/@mantine\/(core|hooks|notifications)\/esm\/index\.mjs$/;
const IMPORT_FROM = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const importedNames = (list: string) =>
  list
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/),
    )
    .filter((pair): pair is [string, ...string[]] => !!pair[0]);

export interface ShellChunkOptions {
  /** The home page's route module: pieces the catalog screens share with it go with the shell. */
  home: string;
  /** Route modules whose code forms the `catalog` chunk. */
  catalog: string[];
  /**
   * Chunk name → the modules the entry loads with `import()` as it starts, in the order it loads
   * them: each chunk holds the modules they need that the entry and the chunks before it do not.
   */
  startUp?: Record<string, string | string[]>;
}

/**
 * `plugin` finds the modules; `groupOf(id)` is the chunk a module goes to (undefined: not one of
 * these), filled at the end of the module graph's build, for `codeSplitting.groups`' tests.
 */
export function shellChunk({ home, catalog, startUp = {} }: ShellChunkOptions): {
  plugin: Plugin;
  groupOf: (id: string) => ChunkGroup | undefined;
} {
  /** Module → chunk for the first screens' code. */
  const groups = new Map<string, ChunkGroup>();
  const plugin: Plugin = {
    name: 'talcioc-shell-chunk',
    apply: 'build',
    buildEnd() {
      groups.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const barrels = new Map<string, Map<string, string>>();
      const barrelExports = (barrel: string) => {
        let map = barrels.get(barrel);
        if (map) return map;
        map = new Map();
        const code = info(barrel)?.code ?? '';
        const local = new Map<string, string>();
        for (const [, list, from] of code.matchAll(IMPORT_FROM)) {
          const file = from!.startsWith('.') ? path.resolve(path.dirname(barrel), from!) : from!;
          for (const [imported, as] of importedNames(list!)) local.set(as ?? imported, file);
        }
        for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}/g)) {
          for (const [name, as] of importedNames(list!)) if (local.has(name)) map.set(as ?? name, local.get(name)!);
        }
        barrels.set(barrel, map);
        return map;
      };
      const ids = [...this.getModuleIds()];
      const collect = (start: string[]) => {
        const found = new Set<string>();
        const queue = [...start];
        while (queue.length) {
          const id = queue.pop()!;
          if (found.has(id)) continue;
          found.add(id);
          const module = info(id);
          if (!module) continue;
          const code = module.code ?? '';
          for (const imported of module.importedIds) {
            if (!BARREL.test(imported)) {
              queue.push(imported);
              continue;
            }
            // Which names does this module take from the package entry?
            const exports = barrelExports(imported);
            const pkg = imported.match(BARREL)![1];
            for (const [, list, from] of code.matchAll(IMPORT_FROM)) {
              if (from !== `@mantine/${pkg}`) continue;
              for (const [name] of importedNames(list!)) {
                const file = exports.get(name);
                const target = file && ids.find((candidate) => candidate === file || candidate.startsWith(file));
                if (target) queue.push(target);
              }
            }
          }
        }
        return found;
      };
      const moduleOf = (file: string) => ids.find((id) => id.endsWith(file));
      for (const id of collect(ids.filter((id) => info(id)?.isEntry))) groups.set(id, 'shell');
      let lastStartUp = 'shell';
      for (const [name, files] of Object.entries(startUp)) {
        const starts = [files].flat().map((file) => {
          const start = moduleOf(file);
          if (!start) throw new Error(`shellChunk: no module ${file} (startUp.${name})`);
          return start;
        });
        for (const id of collect(starts)) if (!groups.has(id)) groups.set(id, name);
        lastStartUp = name;
      }
      // The catalog screens' code (category and product pages, the home page's rows): one chunk
      // rather than a dozen small ones shared between them.
      const catalogIds = collect(catalog.map(moduleOf).filter((id): id is string => !!id));
      const homeIds = collect([moduleOf(home)!]);
      for (const id of catalogIds) {
        if (groups.has(id)) continue;
        // Small pieces the home page's first screen shares with them go with the shell's code: with
        // the last start-up piece (preloaded with the page, evaluated after the entry), else the shell.
        groups.set(id, homeIds.has(id) ? lastStartUp : 'catalog');
      }
    },
  };
  return { plugin, groupOf: (id) => groups.get(id) };
}
