import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { presentEvent } from './event.presenter';
import { eventsAfter } from './events.repository';

/** `GET /services/events`: the caller's registrar's stream after a cursor (users who read the history, keys with `events`). */
export function eventHandlers(app: FastifyInstance): Pick<ApiHandlers, 'listEvents'> {
  return {
    listEvents: async ({ query }, { user }) => {
      const rows = await eventsAfter(app.db, user.registrarHandle, query.after, query.limit);
      return { events: rows.map(presentEvent), next: rows.at(-1)?.seq ?? query.after };
    },
  };
}
