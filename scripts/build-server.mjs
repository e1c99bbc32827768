// Compiles the API server into one ES module (apps/server/dist/server.js) with esbuild.
// Our own TypeScript (the server and the contract) is bundled; packages from node_modules stay
// external and load as usual. Running plain JavaScript keeps the server's memory low (no
// TypeScript loader in the process), which the report benchmark measures.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const serverDir = new URL('../apps/server/', import.meta.url).pathname;
export const serverBundle = join(serverDir, 'dist/server.js');

/**
 * Node's options for the server as `npm start` runs it (the benchmarks run it the same way).
 * The old-generation heap is capped: under a search load V8 let garbage grow the process to about
 * 240 MB, while what is live stays under 40 MB; with 128 MB it collects sooner, at no measurable
 * cost in throughput (bench:api). NODE_OPTIONS that set the cap themselves win. Smaller
 * semi-spaces (4 MB) would also keep a million-row report download under 120 MB, but halved the
 * API's throughput, so the young generation keeps V8's default.
 */
export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  return ['--enable-source-maps', ...(nodeOptions.includes('--max-old-space-size') ? [] : ['--max-old-space-size=128'])];
}

/** Bundles `apps/server/src/server.ts` and copies the migrations beside it. */
export async function buildServer() {
  rmSync(join(serverDir, 'dist'), { recursive: true, force: true });
  await build({
    entryPoints: [join(serverDir, 'src/server.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
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
  cpSync(join(serverDir, 'src/db/migrations'), join(serverDir, 'dist/migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
