import { createServer, type Server as HttpServer } from 'node:http';
import pg from 'pg';
import { freePort } from '../lib/free-port';

/*
 * What Patroni's REST API tells HAProxy, without Patroni: `/primary` (any method; the recipe's
 * HAProxy sends OPTIONS) answers 200 while the node's PostgreSQL takes writes (`pg_is_in_recovery()`
 * is false), 503 while it is a standby or does not answer. One agent per node, on a free loopback
 * port; each check asks the server anew.
 */

export interface PrimaryCheck {
  port: number;
  /** Checks answered so far, by status. */
  answered: Record<number, number>;
  stop(): Promise<void>;
}

/** Whether the server at `url` answers as a primary, within `timeoutMs`. */
export async function isPrimary(url: string, timeoutMs = 1_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  // A server killed mid-query ends the connection: an error event the query's own rejection reports.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
    return rows[0]?.recovering === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the agent for the PostgreSQL server at `url` (any database on it). */
export async function startPrimaryCheck(url: string): Promise<PrimaryCheck> {
  const port = await freePort();
  const answered: Record<number, number> = {};
  const server: HttpServer = createServer((request, response) => {
    const ask = request.url === '/primary' ? isPrimary(url) : Promise.resolve(undefined);
    void ask.then((primary) => {
      const status = primary === undefined ? 404 : primary ? 200 : 503;
      answered[status] = (answered[status] ?? 0) + 1;
      response.writeHead(status, { 'content-type': 'text/plain', connection: 'close' }).end(primary ? 'primary\n' : 'not primary\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port,
    answered,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
