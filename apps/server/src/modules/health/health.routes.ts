import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { migrationsFolder } from '../../db/database';
import { latestAppliedMigration, latestMigrationOf } from '../../db/migrator';

/** Whether this instance takes new work; turned off at SIGTERM, before connections drain (server.ts). */
export interface Lifecycle {
  shuttingDown: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * `/health/live`: the process answers (a restart is the cure otherwise). `/health/ready`: the
 * database answers, every migration of this build is applied and the instance is not shutting
 * down (a read replica down is not: reads then go to the primary); a proxy sends traffic only to ready instances. `/health` stays the ready check for tools
 * that already use it.
 */
export async function healthRoutes(app: FastifyInstance) {
  // Read once: each check then asks the database one question, by the migrator's own rule.
  const latest = latestMigrationOf(migrationsFolder);

  app.get('/health/live', async () => ({ status: 'ok' }));

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.lifecycle.shuttingDown) return reply.status(503).send({ status: 'unavailable', reason: 'shutting down' });
    try {
      const applied = await latestAppliedMigration(app.database.pool);
      if (applied === undefined || applied < latest) return reply.status(503).send({ status: 'unavailable', database: 'ok', reason: 'migrations pending' });
      // Replicas are told, never counted against readiness: without them reads go to the primary.
      const replicas = app.replicas.replicas;
      if (replicas.length === 0) return { status: 'ok', database: 'ok' };
      return { status: 'ok', database: 'ok', replicas: { available: replicas.filter((replica) => replica.available).length, of: replicas.length } };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  };
  app.get('/health/ready', ready);
  app.get('/health', ready);
}
