// Compiles the API server with esbuild into apps/server/dist: `server.js`, what `npm start` runs, and
// the chunks it imports. Our own TypeScript (the server and the contract) is bundled; packages from
// node_modules stay external and load as usual. Running plain JavaScript keeps the server's memory low
// (no TypeScript loader in the process), which the report benchmark measures. The demo generator is a
// chunk of its own that server.ts imports only when demo mode seeds, so a production start never loads it.
import { build } from 'esbuild';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const serverDir = join(root, 'apps/server');
/** Where `npm run build` writes the server and `npm start` runs it from. */
export const serverDistDir = join(serverDir, 'dist');
export const serverBundle = join(serverDistDir, 'server.js');
/** esbuild's metafile of a build, kept beside it: `npm start` compares its inputs' times with the build's. */
export const metafileName = 'meta.json';

/**
 * Node's options for the server as `npm start` runs it (the benchmarks, the fleet test and the
 * README's deployment line run it the same way; a test holds the README to this list). NODE_OPTIONS
 * that set a size themselves win over ours.
 * - The old generation is capped at 128 MB: under a search load V8 let garbage grow the process to
 *   about 240 MB, while what is live stays under 40 MB; with the cap it collects sooner, at no
 *   measurable cost in throughput (bench:api).
 * - The young generation's semi-spaces at 8 MB, not V8's 16: a semi-space pair once grown stays
 *   committed, 32 MB of an idle process's 146 MB, and a download's buffers wait for the next
 *   scavenge, which a smaller space runs sooner (bench:report: idle 146 → 131 MB, the million-row
 *   report's peak 163–168 → 144 MB). It costs about 5 % of CPU per request on the API's smallest
 *   answers, within bench:api's noise; 4 MB cost 15–50 % and was refused (docs/decisions.md,
 *   "Server speed and memory").
 */
export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  return [
    '--enable-source-maps',
    ...(nodeOptions.includes('--max-old-space-size') ? [] : ['--max-old-space-size=128']),
    ...(nodeOptions.includes('--max-semi-space-size') ? [] : ['--max-semi-space-size=8']),
  ];
}

/**
 * Bundles `apps/server/src/server.ts` into `outDir` (emptied first) and copies the migrations beside
 * it. Returns esbuild's metafile; its paths are relative to the repository's root.
 */
export async function buildServer(outDir = serverDistDir) {
  rmSync(outDir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [join(serverDir, 'src/server.ts')],
    outdir: outDir,
    // The entry keeps its name (server.js); chunks carry a hash. Every file stays in outDir itself:
    // the code finds the migrations and the web app relative to its own file.
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages-except-ours',
        setup(pluginBuild) {
          // JSON data from packages is bundled: Node 20 would need an import attribute that esbuild drops.
          const bundled = (path) => path.startsWith('@registrar-panel/') || path.endsWith('.json');
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args.path) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  // The migrator reads the SQL files next to the code that opens the database.
  cpSync(join(serverDir, 'src/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  writeFileSync(join(outDir, metafileName), JSON.stringify(metafile));
  return metafile;
}

/** The build's files that load when the server starts: server.js and the chunks it imports statically. */
export function startupOutputs(metafile) {
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path].entryPoint === 'apps/server/src/server.ts');
  const loaded = new Set(entry ? [entry] : []);
  for (const path of loaded) {
    for (const { path: imported, kind, external } of metafile.outputs[path].imports) if (kind === 'import-statement' && !external) loaded.add(imported);
  }
  return [...loaded];
}

/** One line per file of a build (source maps left out) with its size and when it loads. */
export function describeServerBuild(metafile) {
  const atStart = new Set(startupOutputs(metafile));
  const files = Object.entries(metafile.outputs)
    .filter(([path]) => path.endsWith('.js'))
    .sort(([a], [b]) => Number(atStart.has(b)) - Number(atStart.has(a)));
  const width = Math.max(...files.map(([path]) => basename(path).length));
  return files.map(([path, { bytes, entryPoint }]) => {
    const when = atStart.has(path)
      ? 'loaded at start'
      : entryPoint?.endsWith('/seed/demo.ts')
        ? 'the demo generator: loaded only when demo mode seeds'
        : 'loaded on demand';
    return `  ${basename(path).padEnd(width)}  ${(bytes / 1000).toFixed(1).padStart(6)} kB  ${when}`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const metafile = await buildServer();
  console.log(`Server built in ${relative(root, serverDistDir)} (${Date.now() - started} ms), with its migrations:`);
  for (const line of describeServerBuild(metafile)) console.log(line);
}
