import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messagePage } from '../../identity/account-links/pages';
import { html } from '../../identity/pages/html';
import { page, type PageContext, type PageView } from '../../identity/pages/layout';
import { resourceRoutes } from '../../identity/pages/resources.routes';
import { chosenLanguage, pageLanguage } from '../../identity/pages/page-language';
import { signInErrors } from '../../identity/sign-in/interaction-helpers';
import { identityTexts } from '../../identity/texts/identity-texts';
import { parseStorableForm } from '../../plugins/input-safety';
import { addressOf, linkOf } from '../../plugins/rate-limits';
import { checkStopLink, ruleMailStopPath, useStopLink } from './rule-mail';

/*
 * The page a rule hit mail's stop link opens, without signing in, as the activation and reset links'
 * page is (identity/account-links/): GET only asks (mail scanners open links), the button posts, and
 * the post sets the user's choice to `off`. A mail client's one-click unsubscribe (RFC 8058) posts to
 * the same address. The key is in the query, which the log never shows (lib/log-serializers.ts).
 */

const keyOf = (value: unknown): string => z.object({ key: z.string().max(200).default('') }).safeParse(value ?? {}).data?.key ?? '';

/** Where the page's stylesheet and scripts are served when no embedded identity service serves them (Keycloak). */
const ownResourcesBase = '/mail';

export async function ruleMailStopRoutes(app: FastifyInstance, options: { pageContext: PageContext; portalUrl: string; identityServesResources: boolean }) {
  // With Keycloak, the identity pages' files are not ours to serve under the issuer's path: served here instead.
  const pageContext = options.identityServesResources ? options.pageContext : { ...options.pageContext, resourcesPath: `${ownResourcesBase}/resources` };
  if (!options.identityServesResources) await app.register(resourceRoutes, { issuerPath: ownResourcesBase });
  await app.register(formbody, { parser: parseStorableForm });

  const send = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(body);

  function viewOf(request: FastifyRequest, key: string): PageView {
    const language = pageLanguage(chosenLanguage(request.query), chosenLanguage(request.body));
    return { texts: identityTexts(language), here: `${ruleMailStopPath}?${new URLSearchParams({ key }).toString()}` };
  }

  const toPortal = (view: PageView) => ({ href: `${options.portalUrl}/`, label: view.texts.t('identity.goToPanel') });

  const unusable = (reply: FastifyReply, view: PageView) =>
    send(
      reply,
      messagePage({
        context: pageContext,
        view,
        title: view.texts.t('identity.link.unusableTitle'),
        text: view.texts.t('identity.ruleMailStop.unusableText'),
        link: toPortal(view),
      }),
      410,
    );

  /** The account links' limits: the address first, then the link (by a digest of its key). */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, key: string, view: PageView): Promise<FastifyReply | undefined> {
    const refused = await app.rateLimits.check(['accountLinkPerIp', addressOf(request)], ['accountLinkPerLink', linkOf(key)]);
    if (!refused) return undefined;
    void reply.header('retry-after', String(refused.retryAfterSeconds));
    const text = signInErrors(view.texts).tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'accountLinkPerIp' ? 'network' : 'account');
    return send(reply, messagePage({ context: pageContext, view, title: view.texts.t('identity.link.waitTitle'), text, link: toPortal(view) }), 429);
  }

  app.get(ruleMailStopPath, async (request, reply) => {
    const key = keyOf(request.query);
    const view = viewOf(request, key);
    const tooMany = await overLimit(request, reply, key, view);
    if (tooMany) return tooMany;
    const username = await checkStopLink(app.db, key);
    if (username === undefined) return unusable(reply, view);
    const { t } = view.texts;
    const title = t('identity.ruleMailStop.title');
    const body = html` <h1 class="h4 mb-3">${title}</h1>
      <p>${t('identity.ruleMailStop.question', { username })}</p>
      <form method="post" action="${ruleMailStopPath}" class="js-single-submit">
        <input type="hidden" name="key" value="${key}" />
        <input type="hidden" name="lang" value="${view.texts.language}" />
        <button type="submit" class="btn btn-primary w-100">${t('identity.ruleMailStop.confirm')}</button>
      </form>`;
    return send(reply, page(pageContext, view, { title, body, script: 'sign-in.js' }));
  });

  app.post(ruleMailStopPath, async (request, reply) => {
    // The page's form posts the key; a mail client's one-click unsubscribe posts to the link's address.
    const key = keyOf(request.body) || keyOf(request.query);
    const view = viewOf(request, key);
    const tooMany = await overLimit(request, reply, key, view);
    if (tooMany) return tooMany;
    const username = await useStopLink(app.db, key);
    if (username === undefined) return unusable(reply, view);
    const { t } = view.texts;
    return send(
      reply,
      messagePage({
        context: pageContext,
        view,
        title: t('identity.ruleMailStop.doneTitle'),
        text: t('identity.ruleMailStop.doneText', { username }),
        link: toPortal(view),
      }),
    );
  });
}
