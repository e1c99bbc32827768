import type { FastifyInstance } from 'fastify';
import { billingPeriodSchema, type BillingLine } from '@registrar-panel/contract';
import { parseInput } from '../../errors';
import { sendCsv } from '../../lib/csv-file';
import { ok } from '../../plugins/envelope';
import { getBillingCsv, getBillingLines } from './billing.service';

export async function billingRoutes(app: FastifyInstance) {
  app.get('/finance/billingLines', async (request) => {
    const period = parseInput(billingPeriodSchema, request.query);
    return ok<{ results: BillingLine[] }>({ results: await getBillingLines(app.db, request.user, period) });
  });

  app.get('/finance/billingLines/csv', async (request, reply) => {
    const period = parseInput(billingPeriodSchema, request.query);
    return sendCsv(reply, await getBillingCsv(app.db, request.user, period));
  });
}
