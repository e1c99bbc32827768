import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** Liveness plus a database round trip; 503 when the database does not answer. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
