import type { FastifyInstance } from 'fastify';
import { contactRoutes } from './contact.routes';
import { domainRoutes } from './domain.routes';
import { portfolioRoutes } from './portfolio.routes';
import { searchRoutes } from './search.routes';

/** Registrations: search (and its export), the portfolio overview, one registration, its transfer status, and the contacts on it. */
export async function registryRoutes(app: FastifyInstance) {
  await app.register(searchRoutes);
  await app.register(portfolioRoutes);
  await app.register(domainRoutes);
  await app.register(contactRoutes);
}
