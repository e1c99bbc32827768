import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { readEppConnections } from './epp-connections.service';

/** `/services/registrar/epp/connections`: why the registry's EPP server accepted or refused the caller's registrar. */
export function eppConnectionHandlers(_app: FastifyInstance): Pick<ApiHandlers, 'getEppConnections'> {
  return {
    getEppConnections: async (_input, { user, reads }) => readEppConnections(reads.db, user),
  };
}
