import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes an answer goes out as it is: compressing would save less than it costs. */
export const compressionThreshold = 1024;

/**
 * Text answers compressed with brotli or gzip, as the browser accepts: the API's JSON above
 * `compressionThreshold`, the identity service's pages, and the streamed CSV files (the stream goes
 * through the compressor as it comes, so a download still starts at once). Brotli at quality 4
 * (the plugin's default; 11 costs far more CPU per request), gzip at level 1: at zlib's default (6)
 * gzip was what limited a large file (the domain report of 2,000,000 domains, 196 MB: 20.0 s gzipped,
 * 13.3 s with brotli, 8.2 s sent as it is, beside `psql \copy` 7.0 s), and scripts' HTTP clients
 * (Python's, Node's fetch) ask for gzip, not brotli; level 1 still shrinks CSV and JSON about four
 * times. The web app's files are compressed at build time and sent as they are
 * (plugins/web-app.ts): an answer that already has a Content-Encoding is left alone.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are not inflated: the API takes small JSON, and a compressed one could hide a large one.
    globalDecompression: false,
    threshold: compressionThreshold,
    encodings: ['br', 'gzip'],
    zlibOptions: { level: 1 },
  });
});
