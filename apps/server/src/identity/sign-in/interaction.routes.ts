import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import QRCode from 'qrcode';
import { z } from 'zod';
import { messageTexts } from '@registrar-panel/contract';
import { accountOf, addressOf } from '../../plugins/rate-limits';
import type { PageContext } from '../pages/layout';
import { messagePage } from '../account-links/pages';
import type { ForgotPassword } from './forgot-password.service';
import { codePage, enrolmentPage, forgotPasswordPage, forgotPasswordTexts, passwordPage } from './pages';
import type { AccountRefusal, SignIn, StepRefusal } from './sign-in.service';
import { newTotpSecret, totpUri } from './totp';

/** Where a sign-in stands between requests; kept in the provider's interaction, the secret sealed. */
interface PendingSignIn {
  username: string;
  step: 'code' | 'enrol';
  sealedSecret?: string;
}

const pendingSchema = z.object({ username: z.string(), step: z.enum(['code', 'enrol']), sealedSecret: z.string().optional() });
const passwordForm = z.object({ username: z.string().max(200).default(''), password: z.string().max(256).default('') });
const codeForm = z.object({ code: z.string().max(20).default('') });
const uidParams = z.object({ uid: z.string().min(1).max(100) });

const isAccountRefusal = (result: { status: string }): result is AccountRefusal =>
  result.status === 'registrarBlocked' || result.status === 'disabled' || result.status === 'accessEnded';

/** A wait in whole minutes, rounded up: "1 minute", "15 minutes". */
function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export const signInTexts = {
  refused: 'Invalid username or password.',
  wrongCode: 'Invalid one-time code. Enter the code your authenticator app shows now.',
  locked: (seconds: number) => `Too many failed attempts. Please wait ${minutesText(seconds)} and try again.`,
  /** A rate limit refused the post (plugins/rate-limits.ts), for the address or for the username. */
  tooManyAttempts: (seconds: number, from: 'network' | 'account') =>
    `Too many attempts ${from === 'network' ? 'from your network' : 'for this account'}. Please wait ${minutesText(seconds)} and try again.`,
  expired: 'This sign-in page has expired. Please start again from the registrar panel.',
  busy: 'Signing in is very busy right now. Please try again in a moment.',
  /** The registrar may not sign in (BLOCKED, DELETED): the words the API's refusal uses too. */
  registrarBlocked: messageTexts['registrar.accessBlocked'],
  /** An ADMIN disabled the user (Keycloak's theme says the same: accountDisabledMessage). */
  disabled: 'This account is disabled. Please contact an administrator of your registrar.',
  accessEnded: 'Your access to the registrar panel has ended. Please contact an administrator of your registrar.',
};

export interface InteractionRoutesOptions {
  provider: Provider;
  signIn: SignIn;
  pageContext: PageContext;
  issuerPath: string;
  portalUrl: string;
  totpIssuer: string;
  /** 'Forgot password?': mails a reset link to an account that may have one (forgot-password.service.ts). */
  requestReset: ForgotPassword;
}

/**
 * The sign-in pages of the embedded provider, at `{issuer}/login-actions/{uid}` (the provider's
 * interaction cookie is scoped to that path): password, then one-time code or enrolment.
 */
export async function interactionRoutes(app: FastifyInstance, options: InteractionRoutesOptions) {
  const { provider, signIn, pageContext } = options;
  const base = `${options.issuerPath}/login-actions`;
  const urls = (uid: string) => ({
    page: `${base}/${uid}`,
    login: `${base}/${uid}/login`,
    otp: `${base}/${uid}/otp`,
    enrol: `${base}/${uid}/enrol`,
    restart: `${base}/${uid}/restart`,
    forgot: `${base}/${uid}/forgot`,
  });

  /** The password step: every way it is shown offers 'Forgot password?'. */
  const passwordView = (uid: string, options: { username?: string; error?: string } = {}) =>
    passwordPage({ context: pageContext, action: urls(uid).login, forgot: urls(uid).forgot, ...options });

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  const expiredPage = (reply: FastifyReply) =>
    html(
      reply,
      messagePage({
        context: pageContext,
        title: 'Sign in',
        text: signInTexts.expired,
        link: { href: `${options.portalUrl}/`, label: 'Go to the registrar panel' },
      }),
      400,
    );

  /** The interaction of this browser, if it is the one in the address; otherwise nothing. */
  async function interactionOf(request: FastifyRequest, reply: FastifyReply) {
    const params = uidParams.safeParse(request.params);
    if (!params.success) return undefined;
    const { uid } = params.data;
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : undefined;
    } catch {
      return undefined;
    }
  }

  function pendingOf(interaction: { result?: unknown }): PendingSignIn | undefined {
    const pending = (interaction.result as { pending?: unknown } | undefined)?.pending;
    const parsed = pendingSchema.safeParse(pending);
    return parsed.success ? parsed.data : undefined;
  }

  async function savePending(interaction: Awaited<ReturnType<Provider['interactionDetails']>>, pending: PendingSignIn | undefined) {
    interaction.result = pending ? { pending } : undefined;
    await interaction.persist();
  }

  async function enrolmentView(uid: string, pending: PendingSignIn, error?: string): Promise<string> {
    const secret = signIn.openPendingSecret(pending.sealedSecret ?? '');
    const qrDataUrl = await QRCode.toDataURL(totpUri(secret, { issuer: options.totpIssuer, label: pending.username }), { margin: 1, width: 200 });
    const u = urls(uid);
    return enrolmentPage({ context: pageContext, action: u.enrol, restart: u.restart, username: pending.username, secret, qrDataUrl, error });
  }

  /**
   * The sign-in limits, checked before any password or code: the address first, so that a post it
   * refuses is not counted against the account (one address cannot use up someone else's allowance).
   * Returns the page's error text (and sets Retry-After) when a limit refuses.
   */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, username: string): Promise<string | undefined> {
    const refused = await app.rateLimits.check(['signInPerIp', addressOf(request)], ['signInPerAccount', accountOf(username)]);
    if (!refused) return undefined;
    request.log.info({ limit: refused.limit }, 'rate limit reached');
    void reply.header('retry-after', String(refused.retryAfterSeconds));
    return signInTexts.tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'signInPerIp' ? 'network' : 'account');
  }

  /** A step's refusal, in words. */
  function refusal(result: StepRefusal, wrong: string): string {
    if (result.status === 'locked') return signInTexts.locked(result.retryAfterSeconds);
    if (isAccountRefusal(result)) return signInTexts[result.status];
    return result.status === 'busy' ? signInTexts.busy : wrong;
  }

  /**
   * A code step refused because the registry blocked the registrar, or an ADMIN the user, since the
   * password step: no code can help, so the sign-in starts again at the password page, with the reason.
   */
  async function accountRefusedPage(
    reply: FastifyReply,
    interaction: Awaited<ReturnType<Provider['interactionDetails']>>,
    username: string,
    result: AccountRefusal,
  ) {
    await savePending(interaction, undefined);
    return html(reply, passwordView(interaction.uid, { username, error: signInTexts[result.status] }));
  }

  /** A refusal's page answers 200, except when the server is too busy to check: 503, try again in a second. */
  function refusalStatus(reply: FastifyReply, result: StepRefusal): number {
    if (result.status !== 'busy') return 200;
    void reply.header('retry-after', '1');
    return 503;
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    reply.hijack();
    // remember: false keeps the provider's cookie for the browser session only; the server ends it after 30 idle minutes or 10 hours.
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId, amr: ['pwd', 'otp'], remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  app.get(`${base}/:uid`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(reply);
    const u = urls(interaction.uid);
    if (interaction.prompt.name === 'consent') {
      // The portal is the only client and a first party: what it asks for is granted without a question.
      const { details } = interaction.prompt;
      const grant = interaction.grantId
        ? ((await provider.Grant.find(interaction.grantId)) ??
          new provider.Grant({ accountId: interaction.session?.accountId, clientId: String(interaction.params.client_id) }))
        : new provider.Grant({ accountId: interaction.session?.accountId, clientId: String(interaction.params.client_id) });
      if (Array.isArray(details.missingOIDCScope)) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (Array.isArray(details.missingOIDCClaims)) grant.addOIDCClaims(details.missingOIDCClaims as string[]);
      const missingResourceScopes = (details.missingResourceScopes ?? {}) as Record<string, string[]>;
      for (const [indicator, scopes] of Object.entries(missingResourceScopes)) grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    const pending = pendingOf(interaction);
    if (pending?.step === 'code') return html(reply, codePage({ context: pageContext, action: u.otp, restart: u.restart, username: pending.username }));
    if (pending?.step === 'enrol') return html(reply, await enrolmentView(interaction.uid, pending));
    return html(reply, passwordView(interaction.uid));
  });

  app.post(`${base}/:uid/login`, async (request, reply) => {
    const form = passwordForm.safeParse(request.body ?? {});
    const input = form.success ? form.data : { username: '', password: '' };
    // The limits before anything that reads the database: a flood they refuse costs almost nothing.
    const tooMany = await overLimit(request, reply, input.username);
    if (tooMany) {
      const params = uidParams.safeParse(request.params);
      if (!params.success) return expiredPage(reply);
      return html(reply, passwordView(params.data.uid, { username: input.username, error: tooMany }), 429);
    }
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(reply);
    const result = await signIn.checkPassword({ ...input, ip: request.ip });
    if (result.status !== 'ok') {
      return html(
        reply,
        passwordView(interaction.uid, { username: input.username, error: refusal(result, signInTexts.refused) }),
        refusalStatus(reply, result),
      );
    }
    const pending: PendingSignIn = result.hasTotp
      ? { username: result.username, step: 'code' }
      : { username: result.username, step: 'enrol', sealedSecret: signIn.sealPendingSecret(newTotpSecret()) };
    await savePending(interaction, pending);
    return reply.redirect(urls(interaction.uid).page, 303);
  });

  app.post(`${base}/:uid/otp`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(reply);
    const pending = pendingOf(interaction);
    if (pending?.step !== 'code') return reply.redirect(urls(interaction.uid).page, 303);
    const tooMany = await overLimit(request, reply, pending.username);
    if (tooMany) {
      const u = urls(interaction.uid);
      return html(reply, codePage({ context: pageContext, action: u.otp, restart: u.restart, username: pending.username, error: tooMany }), 429);
    }
    const { code } = codeForm.safeParse(request.body ?? {}).data ?? { code: '' };
    const result = await signIn.checkCode({ username: pending.username, code, ip: request.ip });
    if (result.status === 'ok') return finish(request, reply, result.accountId);
    if (isAccountRefusal(result)) return accountRefusedPage(reply, interaction, pending.username, result);
    const u = urls(interaction.uid);
    return html(
      reply,
      codePage({ context: pageContext, action: u.otp, restart: u.restart, username: pending.username, error: refusal(result, signInTexts.wrongCode) }),
    );
  });

  app.post(`${base}/:uid/enrol`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(reply);
    const pending = pendingOf(interaction);
    if (pending?.step !== 'enrol' || !pending.sealedSecret) return reply.redirect(urls(interaction.uid).page, 303);
    const tooMany = await overLimit(request, reply, pending.username);
    if (tooMany) return html(reply, await enrolmentView(interaction.uid, pending, tooMany), 429);
    const { code } = codeForm.safeParse(request.body ?? {}).data ?? { code: '' };
    const secret = signIn.openPendingSecret(pending.sealedSecret);
    const result = await signIn.completeEnrolment({ username: pending.username, secret, code, ip: request.ip });
    if (result.status === 'ok') return finish(request, reply, result.accountId);
    if (isAccountRefusal(result)) return accountRefusedPage(reply, interaction, pending.username, result);
    return html(reply, await enrolmentView(interaction.uid, pending, refusal(result, signInTexts.wrongCode)));
  });

  // 'Forgot password?': bound to this browser's sign-in like the other forms (the interaction cookie
  // and the uid in the address must match), so another site cannot post it in the user's name.
  app.get(`${base}/:uid/forgot`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(reply);
    const u = urls(interaction.uid);
    return html(reply, forgotPasswordPage({ context: pageContext, action: u.forgot, back: u.page }));
  });

  app.post(`${base}/:uid/forgot`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(reply);
    const u = urls(interaction.uid);
    const { username } = passwordForm.pick({ username: true }).safeParse(request.body ?? {}).data ?? { username: '' };
    const form = (error: string) => forgotPasswordPage({ context: pageContext, action: u.forgot, back: u.page, username, error });
    if (!username.trim()) return html(reply, form(forgotPasswordTexts.usernameRequired));
    // Counted for every name typed, known or not: a refusal says nothing about the account.
    const refused = await app.rateLimits.check(['forgotPasswordPerIp', addressOf(request)], ['forgotPasswordPerUsername', accountOf(username)]);
    if (refused) {
      request.log.info({ limit: refused.limit }, 'rate limit reached');
      void reply.header('retry-after', String(refused.retryAfterSeconds));
      return html(reply, form(signInTexts.tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'forgotPasswordPerIp' ? 'network' : 'account')), 429);
    }
    await options.requestReset(username);
    return html(reply, forgotPasswordPage({ context: pageContext, action: u.forgot, back: u.page, sent: true }));
  });

  app.get(`${base}/:uid/restart`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(reply);
    await savePending(interaction, undefined);
    return reply.redirect(urls(interaction.uid).page, 303);
  });
}
