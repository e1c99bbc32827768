import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parse } from 'node:querystring';
import { message, type Message } from '@registrar-panel/contract';
import { isUnderPrefix } from '../lib/path-prefix';
import { holdsOnlyStorableText, isStorablePercentEncoded, UnstorableTextError } from '../lib/text-safety';
import { envelopeIn, markLanguage, requestLanguage, type AllMessageTexts } from './message-language';

/**
 * Refuses text the database cannot hold (lib/text-safety.ts) on every route, before any handler
 * runs a query: the request target as it arrives, then the parsed path parameters, query and body.
 * Each part of the app answers the refusal in its own way through its error handler: the API in
 * the envelope, the sign-in pages with a page, the OpenID provider with an OAuth error.
 */
export const inputSafety = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!isStorablePercentEncoded(request.raw.url ?? '')) throw new UnstorableTextError();
  });
  app.addHook('preValidation', async (request) => {
    if (!holdsOnlyStorableText(request.params) || !holdsOnlyStorableText(request.query) || !holdsOnlyStorableText(request.body)) {
      throw new UnstorableTextError();
    }
  });
});

/**
 * The form parser of the identity pages (@fastify/formbody's `parser` option): once decoded, an
 * escape such as `%ED%A0%80` is a replacement character and can no longer be told from one typed,
 * so the escapes are checked first. Parsed as oidc-provider parses its own forms.
 */
export function parseStorableForm(body: string): Record<string, unknown> {
  if (!isStorablePercentEncoded(body)) throw new UnstorableTextError();
  return { ...parse(body) };
}

/** The answer of an OAuth endpoint to a request it cannot read (RFC 6749 §5.2). */
export function oauthInvalidRequest(reply: FastifyReply, status = 400) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ error: 'invalid_request', error_description: 'The request holds characters that cannot be processed.' });
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoded UTF-8 (`%FF`, an encoded
 * surrogate) is refused before routing, so no route's error handler sees it. Under the identity
 * service it answers as the OpenID provider does; everywhere else in the envelope, under the API in
 * the caller's language (no hook runs here, so plugins/message-language.ts's work is done in place).
 */
export function frameworkErrorHandler(identityPath: string | undefined, api: { prefix: string; texts: AllMessageTexts }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const path = request.raw.url ?? '';
    const underIdentity = identityPath !== undefined && path.startsWith(`${identityPath}/`);
    // Routing has not happened: no route's error handler (not even the envelope's) sees these errors.
    void reply.header('cache-control', 'no-store');
    const envelope = (messages: Message[]) => {
      if (!isUnderPrefix(path, api.prefix)) return { data: null, messages };
      const language = requestLanguage(request);
      markLanguage(reply, language);
      return envelopeIn(api.texts, language, { data: null, messages });
    };
    if (error.code !== 'FST_ERR_BAD_URL') void reply.status(error.statusCode ?? 400).send(envelope([message('error.badRequest')]));
    else if (underIdentity) void oauthInvalidRequest(reply);
    else void reply.status(400).send(envelope(new UnstorableTextError().messages));
  };
}
