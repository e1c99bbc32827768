import { eppConnectionsAnswer } from '../responses/epp-connections';
import type { ApiRoute } from '../route';
import { operation } from '../operations';

/* The EPP security page's connections section: why the registry's EPP server refused a connection. */
export const eppConnectionRoutes = [
  {
    ...operation('getEppConnections'),
    reads: 'replica',
    tag: 'epp',
    summary: 'Read the EPP connections',
    description:
      'What the registry’s EPP server reported of the registrar’s connections (kept for the retention period): the last success, the last refusals with their reasons, each allow-listed address with its last use, the certificate slots used, and counts per Brussels day for 30 days.',
    access: 'manageEpp',
    answer: { kind: 'json', status: 200, data: eppConnectionsAnswer, description: 'The connections.' },
    errors: { 404: ['error.notFound'] },
  },
] as const satisfies readonly ApiRoute[];
