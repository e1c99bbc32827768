import { fieldMessages, message, type Message, type MessageKey } from '@registrar-panel/contract';
import type { z } from 'zod';

/** An error the client is meant to see: an HTTP status plus envelope messages. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: Message[],
  ) {
    super(messages.map((m) => m.defaultMessage).join(' '));
  }

  static of(statusCode: number, key: MessageKey, options?: Parameters<typeof message>[1]): AppError {
    return new AppError(statusCode, [message(key, options)]);
  }
}

export const badRequest = (key: MessageKey = 'error.badRequest', options?: Parameters<typeof message>[1]) => AppError.of(400, key, options);
export const unauthorized = () => AppError.of(401, 'error.unauthorized');
export const forbidden = () => AppError.of(403, 'error.forbidden');
export const notFound = () => AppError.of(404, 'error.notFound');
export const conflict = () => AppError.of(409, 'error.conflict');

/** Parses input with a contract schema; failures become a 400 with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(400, fieldMessages(result.error));
  return result.data;
}
