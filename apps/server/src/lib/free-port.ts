import { createServer } from 'node:net';

/** An unused TCP port on loopback, chosen by the kernel and handed back (the embedded PostgreSQL, tests, benchmarks). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
