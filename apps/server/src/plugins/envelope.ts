import type { FastifyInstance, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { message, type Envelope } from '@registrar-panel/contract';
import { AppError } from '../errors';

/** Wraps a successful answer in the envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { data, messages: [] };
}

/**
 * One error handler for the whole API: every failure answers in the envelope with a message key.
 * Unexpected errors are logged with their stack and request id, and never leak to the client.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ data: null, messages: error.messages });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ data: null, messages: [message('error.internal')] });
    }
    request.log.info({ err: error }, 'request refused');
    const key =
      status === 429
        ? 'error.tooManyRequests'
        : status === 404
          ? 'error.notFound'
          : status === 401
            ? 'error.unauthorized'
            : status === 403
              ? 'error.forbidden'
              : 'error.badRequest';
    return reply.status(status).send({ data: null, messages: [message(key)] });
  });
});
