import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressOf, linkOf } from '../../plugins/rate-limits';
import type { AccountLinks } from './account-link.service';
import { messagePage, setPasswordPage } from './pages';
import type { PageContext } from '../pages/layout';
import { signInTexts } from '../sign-in/interaction.routes';
import { passwordRules } from './password-policy';

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

/** The page activation and reset mails link to (`{issuer}/login-actions/action-token?key=`). */
export async function accountLinkRoutes(app: FastifyInstance, options: AccountLinkRoutesOptions) {
  const { links, pageContext } = options;
  const path = `${options.issuerPath}/login-actions/action-token`;
  const toPortal = { href: `${options.portalUrl}/`, label: 'Go to the registrar panel' };
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(body);
  const unusable = (reply: FastifyReply) =>
    html(
      reply,
      messagePage({
        context: pageContext,
        title: 'This link cannot be used',
        text: 'The link has expired or was already used. Links are valid for 12 hours and work once. Ask for a new one (Reset Password in the portal, or your administrator).',
        link: toPortal,
      }),
      410,
    );

  /** The link limits, before the key is looked up: the address first, then the link (counted by a digest of its key). */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, key: string): Promise<FastifyReply | undefined> {
    const refused = await app.rateLimits.check(['accountLinkPerIp', addressOf(request)], ['accountLinkPerLink', linkOf(key)]);
    if (!refused) return undefined;
    request.log.info({ limit: refused.limit }, 'rate limit reached');
    void reply.header('retry-after', String(refused.retryAfterSeconds));
    const text = signInTexts.tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'accountLinkPerIp' ? 'network' : 'account');
    return html(reply, messagePage({ context: pageContext, title: 'Please wait', text, link: toPortal }), 429);
  }

  app.get(path, async (request, reply) => {
    const { key } = linkQuery.safeParse(request.query).data ?? { key: '' };
    const tooMany = await overLimit(request, reply, key);
    if (tooMany) return tooMany;
    const link = await links.check(key);
    if (link.status !== 'usable') return unusable(reply);
    return html(
      reply,
      setPasswordPage({ context: pageContext, action: path, token: key, purpose: link.purpose, username: link.username, rules: passwordRules(options.tld) }),
    );
  });

  app.post(path, async (request, reply) => {
    const form = passwordForm.safeParse(request.body ?? {}).data ?? { key: '', password: '', confirmation: '' };
    const tooMany = await overLimit(request, reply, form.key);
    if (tooMany) return tooMany;
    const result = await links.setPassword({ token: form.key, password: form.password, confirmation: form.confirmation });
    if (result.status === 'unusable') return unusable(reply);
    if (result.status === 'invalid') {
      return html(
        reply,
        setPasswordPage({
          context: pageContext,
          action: path,
          token: form.key,
          purpose: result.purpose,
          username: result.username,
          rules: passwordRules(options.tld),
          error: result.problem,
        }),
      );
    }
    return html(
      reply,
      messagePage({
        context: pageContext,
        title: result.purpose === 'activation' ? 'Your account is active' : 'Your password is changed',
        text:
          result.purpose === 'activation'
            ? 'Your password is set. Sign in now: you will set up 2-step verification with your authenticator app.'
            : 'Your new password is set. Sign in with it now.',
        link: { href: `${options.portalUrl}/`, label: 'Sign in' },
      }),
    );
  });
}
