import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../lib/csv-file';
import { getDomainReport } from './report.service';

export async function reportRoutes(app: FastifyInstance) {
  app.get<{ Params: { handle: string } }>('/:handle/report/domains/csv', async (request, reply) =>
    sendCsv(reply, await getDomainReport(app.database, request.user, request.params.handle)),
  );
}
