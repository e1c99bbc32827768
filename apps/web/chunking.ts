import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/*
 * How the build splits the web app into files (vite.config.ts uses it). Every page is a chunk of
 * its own (lib/lazy-page.ts); what they share goes into a few named chunks, not the dozens of 1-KB
 * chunks the bundler makes by itself: on a phone every request costs a round trip, more than the
 * bytes a page loads and does not use (docs/decisions.md, "Web weight and speed"). A visitor
 * without a session still loads only the boot (main.tsx and the OpenID Connect client).
 */

type ModuleGraph = (id: string) => { importedIds: readonly string[]; exports: readonly string[]; code: string | null } | null;

const contractIndex = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;
const contractImports = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@registrar-panel\/contract['"]/g;
/** Every import or re-export of the contract's index, whatever its form. */
const contractSpecifier = /['"]@registrar-panel\/contract['"]/g;

/**
 * The contract's modules a module imports through the contract's index, by the names it imports:
 * the index re-exports every module of the contract, most of which a given module never uses.
 * Anything else (a namespace import, a name no module exports, code not at hand) counts as the whole index.
 */
function contractModulesOf(graph: ModuleGraph, id: string, index: string): string[] {
  const code = graph(id)?.code;
  if (typeof code !== 'string') return [index];
  const named = [...code.matchAll(contractImports)];
  if (named.length !== (code.match(contractSpecifier)?.length ?? 0)) return [index];
  const names = named.flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  );
  const modules = graph(index)?.importedIds ?? [];
  const used = modules.filter((module) => graph(module)?.exports.some((name) => names.includes(name)));
  const found = new Set(used.flatMap((module) => graph(module)?.exports.filter((name) => names.includes(name)) ?? []));
  return names.every((name) => found.has(name)) ? used : [index];
}

/** The modules the roots import statically, themselves included, following the contract's index by name. */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    for (const imported of graph(id)?.importedIds ?? []) {
      if (contractIndex.test(imported) && !contractIndex.test(id)) queue.push(...contractModulesOf(graph, id, imported));
      else queue.push(imported);
    }
  }
  return reached;
}

/**
 * What the first page's load holds, found once the module graph is read (buildEnd), before chunks
 * are made: `boot`, what `src/main.tsx` and `src/lib/oidc-client.ts` import statically (all a
 * visitor without a session loads), and `start`, what `src/app/start.tsx` does.
 */
function firstLoad() {
  const sets = { boot: new Set<string>(), start: new Set<string>() };
  const plugin: Plugin = {
    name: 'registrar-panel:first-load',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const root = (pattern: RegExp) => {
        const found = ids.find((id) => pattern.test(id));
        if (!found) this.error(`no module matches ${pattern}`);
        return found;
      };
      const graph: ModuleGraph = (id) => this.getModuleInfo(id);
      sets.boot = staticClosure(graph, [root(/[\\/]src[\\/]main\.tsx$/), root(/[\\/]src[\\/]lib[\\/]oidc-client\.ts$/)]);
      sets.start = staticClosure(graph, [root(/[\\/]src[\\/]app[\\/]start\.tsx$/)]);
    },
  };
  return { plugin, sets };
}

/**
 * Fails the build when chunks import one another in a circle. The groups below leave out their
 * modules' dependencies (so that a page's group never drags the first load's modules along), and
 * a circle between chunks would then run a module before one it needs: a blank page at run time.
 */
export function noChunkCycle(): Plugin {
  return {
    name: 'registrar-panel:no-chunk-cycle',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output.imports] as const] : [])));
      const done = new Set<string>();
      const visit = (name: string, path: string[]): void => {
        if (path.includes(name)) this.error(`chunks import one another in a circle: ${[...path.slice(path.indexOf(name)), name].join(' -> ')}`);
        if (done.has(name)) return;
        for (const imported of imports.get(name) ?? []) visit(imported, [...path, name]);
        done.add(name);
      };
      for (const name of imports.keys()) visit(name, []);
    },
  };
}

const first = firstLoad();
/** Reads the module graph before chunks are made: `chunkGroups` needs it. */
export const firstLoadPlugin = first.plugin;
/** The contract's modules and the libraries it depends on (its package.json's). */
const contractPackage = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../packages/contract/package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const contractModule = new RegExp(
  `[\\\\/]packages[\\\\/]contract[\\\\/]|[\\\\/]node_modules[\\\\/](?:${Object.keys(contractPackage.dependencies ?? {})
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})[\\\\/]`,
);
const ours = (id: string) => !id.startsWith('\0');
/** In the app's start, not in its boot. */
const inStart = (id: string) => ours(id) && first.sets.start.has(id) && !first.sets.boot.has(id);
/** Neither in the boot nor in the start: a page's. */
const pagesOnly = (id: string) => ours(id) && !first.sets.start.has(id) && !first.sets.boot.has(id);

/**
 * The groups, in order of precedence. Libraries every page needs have chunks of their own: they
 * change less often than the app, so a new release leaves them in the browser's cache.
 */
export const chunkGroups: Rolldown.CodeSplittingGroup[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
  // The rest of the app's start in one chunk with app/start.tsx, not a dozen small ones
  // that pages share with it.
  { name: 'app', test: inStart, includeDependenciesRecursively: false },
  // What pages share and the first page's load does not hold: react-hook-form apart, for the
  // pages that only show data; the contract's rules with zod; the UI kit, the app's shared
  // components and helpers.
  {
    name: 'forms',
    test: (id) => pagesOnly(id) && /[\\/]node_modules[\\/](?:react-hook-form|@hookform)[\\/]/.test(id),
    includeDependenciesRecursively: false,
  },
  { name: 'contract', test: (id) => pagesOnly(id) && contractModule.test(id), includeDependenciesRecursively: false },
  {
    name: 'ui',
    test: (id) =>
      pagesOnly(id) &&
      /[\\/]node_modules[\\/]|[\\/]apps[\\/]web[\\/]src[\\/](?:components|lib)[\\/]/.test(id) &&
      !/[\\/]node_modules[\\/]uplot[\\/]|bar-chart\.tsx$/.test(id),
    includeDependenciesRecursively: false,
  },
];
