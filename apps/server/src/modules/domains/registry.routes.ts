import type { FastifyInstance } from 'fastify';
import { contactRoutes } from './contact.routes';
import { domainRoutes } from './domain.routes';
import { searchRoutes } from './search.routes';

/** Registrations: search, one registration, its transfer status, and the contacts on it. */
export async function registryRoutes(app: FastifyInstance) {
  await app.register(searchRoutes);
  await app.register(domainRoutes);
  await app.register(contactRoutes);
}
