import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { migrationsFolder } from '../../db/database';

/** Whether this instance takes new work; turned off at SIGTERM, before connections drain (server.ts). */
export interface Lifecycle {
  shuttingDown: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** How many migrations this build knows: the database must have applied them all to be ready. */
function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * `/health/live`: the process answers (a restart is the cure otherwise). `/health/ready`: the
 * database answers, every migration of this build is applied and the instance is not shutting
 * down; a proxy sends traffic only to ready instances. `/health` stays the ready check for tools
 * that already use it.
 */
export async function healthRoutes(app: FastifyInstance) {
  const expected = knownMigrations();

  app.get('/health/live', async () => ({ status: 'ok' }));

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.lifecycle.shuttingDown) return reply.status(503).send({ status: 'unavailable', reason: 'shutting down' });
    try {
      // The migrations' own table, if there is one yet (a name that does not exist fails the whole statement).
      const table = await app.database.pool.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
      const applied = table.rows[0]?.present
        ? ((await app.database.pool.query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations')).rows[0]?.applied ?? 0)
        : 0;
      if (applied < expected) return reply.status(503).send({ status: 'unavailable', database: 'ok', reason: 'migrations pending' });
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  };
  app.get('/health/ready', ready);
  app.get('/health', ready);
}
