import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  acceptedLanguage,
  defaultLanguage,
  languages,
  loadMessageTexts,
  messageIn,
  type Language,
  type Message,
  type MessageTexts,
} from '@registrar-panel/contract';
import { isUnderPrefix } from '../lib/path-prefix';

/** Every language's message texts, loaded once when the app starts. */
export type AllMessageTexts = Readonly<Record<Language, MessageTexts>>;

export async function loadAllMessageTexts(): Promise<AllMessageTexts> {
  const loaded = await Promise.all(languages.map(async (language) => [language, await loadMessageTexts(language)] as const));
  return Object.fromEntries(loaded) as Record<Language, MessageTexts>;
}

/** The language an API answer speaks: the one of the four `Accept-Language` prefers, English otherwise (contract `acceptedLanguage`). */
export const requestLanguage = (request: FastifyRequest): Language => acceptedLanguage(request.headers['accept-language']);

interface EnvelopeLike {
  messages: Message[];
}

/** The envelope's shape: `data` and a list of messages, each with a key and a text (the OpenAPI document has neither). */
function isEnvelope(payload: unknown): payload is EnvelopeLike {
  if (typeof payload !== 'object' || payload === null || !('data' in payload) || !('messages' in payload)) return false;
  return Array.isArray(payload.messages);
}

/** The envelope with each message's `defaultMessage` in `language`; English's go out as they were built. */
export function envelopeIn<T extends EnvelopeLike>(texts: AllMessageTexts, language: Language, envelope: T): T {
  if (language === defaultLanguage || envelope.messages.length === 0) return envelope;
  return { ...envelope, messages: envelope.messages.map((original) => messageIn(texts[language], original)) };
}

/** `Content-Language`, and `Accept-Language` added to the answer's `Vary` (kept as it is when it already names it, or is `*`). */
export function markLanguage(reply: FastifyReply, language: Language): void {
  void reply.header('content-language', language);
  const current = reply.getHeader('vary');
  const named = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (named.some((name) => name === '*' || name.toLowerCase() === 'accept-language')) return;
  void reply.header('vary', [...named, 'Accept-Language'].join(', '));
}

/**
 * The API's messages in the caller's language: every envelope answered under `prefix` (a route's,
 * the error handler's, the input checks' early refusals, the not-found answer's) has each message's
 * `defaultMessage` rewritten from its `messageKey` and `params` in the language `Accept-Language`
 * prefers; the key, `field` and `params` never change, and a caller naming none of the four gets the
 * English texts as they were built. Every answer there says its language (`Content-Language`: the
 * envelope's, English for files and the OpenAPI document) and `Vary: Accept-Language`, so that a
 * cache never gives one caller's language to another. Registered at the root, matched by path like
 * plugins/no-store.ts, so that the root's not-found answer is covered; a path refused before routing
 * is answered by plugins/input-safety.ts's `frameworkErrorHandler` with `envelopeIn` and `markLanguage`.
 */
export const messageLanguage = fp<{ prefix: string; texts: AllMessageTexts }>(async (app: FastifyInstance, { prefix, texts }) => {
  const envelopes = new WeakSet<FastifyReply>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isUnderPrefix(request.url, prefix) || !isEnvelope(payload)) return payload;
    envelopes.add(reply);
    return envelopeIn(texts, requestLanguage(request), payload);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isUnderPrefix(request.url, prefix)) markLanguage(reply, envelopes.has(reply) ? requestLanguage(request) : defaultLanguage);
    return payload;
  });
});
