import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups, firstLoadPlugin, noChunkCycle } from './chunking';

/** Text files; source maps are left out (the server serves them only when WEB_SOURCE_MAPS=true). */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels (once,
 * at build time, where a server compressing per request would use fast ones), for the server to
 * send as they are (@fastify/static's `preCompressed`). A file that would not shrink gets none.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'registrar-panel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!compressible.test(path)) continue;
        const content = readFileSync(path);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}

// In development the API, the identity service and the config file come from the server on 8080.
const server = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress(), firstLoadPlugin, noChunkCycle()],
  resolve: {
    // React 19 has the hook; the shim react-aria imports for older Reacts would only add bytes.
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: resolve(import.meta.dirname, 'src/lib/use-sync-external-store.ts') }],
  },
  server: {
    port: 5173,
    proxy: {
      '/services': server,
      '/auth': server,
      '/assets/config': server,
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's sources use @import and Sass functions that Dart Sass now warns about.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: {
    // Maps are written for debugging but not linked from the files: the server serves them only
    // when WEB_SOURCE_MAPS=true (apps/server/src/plugins/web-app.ts).
    sourcemap: 'hidden',
    // Every browser the portal supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
