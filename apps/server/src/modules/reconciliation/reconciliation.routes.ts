import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import {
  exportReconciliation,
  getReconciliation,
  getReconciliationResults,
  listReconciliations,
  reconcile,
  type ReconciliationDeps,
} from './reconciliation.service';

type ReconciliationOperation = 'startReconciliation' | 'listReconciliations' | 'getReconciliation' | 'getReconciliationResults' | 'exportReconciliation';

/** Reconciliation: the upload (its body the request's own stream: plugins/api-routes.ts leaves `text/csv` unparsed), the runs, their results and file. */
export function reconciliationHandlers(app: FastifyInstance): Pick<ApiHandlers, ReconciliationOperation> {
  const deps: ReconciliationDeps = {
    database: app.database,
    tld: app.config.tld,
    maxBytes: app.config.reconciliationMaxBytes,
    retentionDays: app.config.retention.reconciliationDays,
  };
  return {
    startReconciliation: async ({ query }, { user, request, reply }) => {
      try {
        return { run: await reconcile(deps, user, query.fileName, request.raw) };
      } catch (error) {
        // Refused before the file's end: the rest of it is not read, so the connection cannot be reused.
        if (!request.raw.readableEnded) void reply.header('connection', 'close');
        throw error;
      }
    },
    listReconciliations: async (_input, { user }) => listReconciliations(deps, user),
    getReconciliation: async ({ params }, { user }) => getReconciliation(deps, user, params.runId),
    getReconciliationResults: async ({ params, query }, { user }) => getReconciliationResults(deps, user, params.runId, query),
    exportReconciliation: async ({ params }, { user }) => exportReconciliation(deps, user, params.runId),
  };
}
