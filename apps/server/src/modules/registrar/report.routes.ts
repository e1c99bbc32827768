import type { FastifyInstance } from 'fastify';
import { recordCountHeader } from '@registrar-panel/contract';
import { csvContentType } from '../../lib/csv';
import { attachment } from './content-disposition';
import { getDomainReport } from './report.service';

export async function reportRoutes(app: FastifyInstance) {
  app.get<{ Params: { handle: string } }>('/:handle/report/domains/csv', async (request, reply) => {
    const report = await getDomainReport(app.database, request.user, request.params.handle);
    return reply
      .header('content-type', csvContentType)
      .header('content-disposition', attachment(report.fileName))
      .header(recordCountHeader, String(report.recordCount))
      .header('cache-control', 'no-store')
      .send(report.body);
  });
}
