import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes an answer goes out as it is: compressing would save less than it costs. */
export const compressionThreshold = 1024;

/** Brotli's window, as a power of two: 256 KB (see below). */
export const brotliWindowBits = 18;

/**
 * Text answers compressed with brotli or gzip, as the browser accepts: the API's JSON above
 * `compressionThreshold`, the identity service's pages, and the streamed CSV files (the stream goes
 * through the compressor as it comes, so a download still starts at once). Brotli at quality 4
 * (the plugin's default; 11 costs far more CPU per request), gzip at level 1: at zlib's default (6)
 * gzip was what limited a large file (the domain report of 2,000,000 domains, 196 MB: 20.0 s gzipped,
 * 13.3 s with brotli, 8.2 s sent as it is, beside `psql \copy` 7.0 s), and scripts' HTTP clients
 * (Python's, Node's fetch) ask for gzip, not brotli; level 1 still shrinks CSV and JSON about four
 * times. Brotli's window is 256 KB (`brotliWindowBits` 18), not its 4 MB default: an encoder's
 * memory follows its window, and a browser downloading the million-row report raised the server's
 * peak by 44 MB with the default, 16 MB with 256 KB; CSV and JSON repeat within a few lines, so the
 * smaller window compresses the report as well (3.84 times against 3.86) and faster. The web app's
 * files are compressed at build time and sent as they are (plugins/web-app.ts): an answer that
 * already has a Content-Encoding is left alone.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are not inflated: the API takes small JSON, and a compressed one could hide a large one.
    globalDecompression: false,
    threshold: compressionThreshold,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits } },
    zlibOptions: { level: 1 },
  });
});
