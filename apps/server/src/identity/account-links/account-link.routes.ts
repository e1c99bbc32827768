import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressOf, linkOf } from '../../plugins/rate-limits';
import type { AccountLinks } from './account-link.service';
import { messagePage, setPasswordPage } from './pages';
import type { PageContext, PageView } from '../pages/layout';
import { chosenLanguage, pageLanguage } from '../pages/page-language';
import { signInErrors } from '../sign-in/interaction-helpers';
import { identityTexts } from '../texts/identity-texts';
import { passwordRules, type PasswordProblem } from './password-policy';

const linkQuery = z.object({ key: z.string().max(200).default('') });
const passwordForm = z.object({
  key: z.string().max(200).default(''),
  password: z.string().max(1000).default(''),
  confirmation: z.string().max(1000).default(''),
});

export interface AccountLinkRoutesOptions {
  links: AccountLinks;
  pageContext: PageContext;
  issuerPath: string;
  portalUrl: string;
  /** The registry's TLD: the password rule names it. */
  tld: string;
}

/**
 * The page activation and reset mails link to (`{issuer}/login-actions/action-token?key=`). Its
 * language: the switcher's or the mail's (`lang` in the address, then in the form), else English.
 */
export async function accountLinkRoutes(app: FastifyInstance, options: AccountLinkRoutesOptions) {
  const { links, pageContext } = options;
  const path = `${options.issuerPath}/login-actions/action-token`;
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(body);

  /** The page in the language the address (or the posted form) chooses; the switcher links to the link's page again. */
  function viewOf(request: FastifyRequest, key: string): PageView {
    const language = pageLanguage(chosenLanguage(request.query), chosenLanguage(request.body));
    return { texts: identityTexts(language), here: `${path}?${new URLSearchParams({ key }).toString()}` };
  }

  const toPortal = (view: PageView) => ({ href: `${options.portalUrl}/`, label: view.texts.t('identity.goToPanel') });

  const unusable = (reply: FastifyReply, view: PageView) =>
    html(
      reply,
      messagePage({
        context: pageContext,
        view,
        title: view.texts.t('identity.link.unusableTitle'),
        text: view.texts.t('identity.link.unusableText'),
        link: toPortal(view),
      }),
      410,
    );

  /** The link limits, before the key is looked up: the address first, then the link (counted by a digest of its key). */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, key: string, view: PageView): Promise<FastifyReply | undefined> {
    const refused = await app.rateLimits.check(['accountLinkPerIp', addressOf(request)], ['accountLinkPerLink', linkOf(key)]);
    if (!refused) return undefined;
    request.log.info({ limit: refused.limit }, 'rate limit reached');
    void reply.header('retry-after', String(refused.retryAfterSeconds));
    const text = signInErrors(view.texts).tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'accountLinkPerIp' ? 'network' : 'account');
    return html(reply, messagePage({ context: pageContext, view, title: view.texts.t('identity.link.waitTitle'), text, link: toPortal(view) }), 429);
  }

  const problemText = (view: PageView, problem: PasswordProblem) => view.texts.t(problem.key, problem.params);

  app.get(path, async (request, reply) => {
    const { key } = linkQuery.safeParse(request.query).data ?? { key: '' };
    const view = viewOf(request, key);
    const tooMany = await overLimit(request, reply, key, view);
    if (tooMany) return tooMany;
    const link = await links.check(key);
    if (link.status !== 'usable') return unusable(reply, view);
    return html(
      reply,
      setPasswordPage({
        context: pageContext,
        view,
        action: path,
        token: key,
        purpose: link.purpose,
        username: link.username,
        rules: passwordRules(options.tld, view.texts),
      }),
    );
  });

  app.post(path, async (request, reply) => {
    const form = passwordForm.safeParse(request.body ?? {}).data ?? { key: '', password: '', confirmation: '' };
    const view = viewOf(request, form.key);
    const tooMany = await overLimit(request, reply, form.key, view);
    if (tooMany) return tooMany;
    const result = await links.setPassword({ token: form.key, password: form.password, confirmation: form.confirmation });
    if (result.status === 'unusable') return unusable(reply, view);
    const { t } = view.texts;
    if (result.status === 'invalid') {
      return html(
        reply,
        setPasswordPage({
          context: pageContext,
          view,
          action: path,
          token: form.key,
          purpose: result.purpose,
          username: result.username,
          rules: passwordRules(options.tld, view.texts),
          error: problemText(view, result.problem),
        }),
      );
    }
    const activated = result.purpose === 'activation';
    return html(
      reply,
      messagePage({
        context: pageContext,
        view,
        title: t(activated ? 'identity.password.activatedTitle' : 'identity.password.changedTitle'),
        text: t(activated ? 'identity.password.activatedText' : 'identity.password.changedText'),
        link: { href: `${options.portalUrl}/`, label: t('identity.password.signIn') },
      }),
    );
  });
}
