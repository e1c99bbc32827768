import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import QRCode from 'qrcode';
import { z } from 'zod';
import { matchLanguage, type Language } from '@registrar-panel/contract';
import { accountOf, addressOf } from '../../plugins/rate-limits';
import type { PageContext, PageView } from '../pages/layout';
import { chosenLanguage, languageOfUiLocales, pageLanguage } from '../pages/page-language';
import { messagePage } from '../account-links/pages';
import { identityTexts, type IdentityTexts } from '../texts/identity-texts';
import type { ForgotPassword } from './forgot-password.service';
import { codePage, enrolmentPage, forgotPasswordPage, passwordPage } from './pages';
import type { AccountRefusal, SignIn, StepRefusal } from './sign-in.service';
import { newTotpSecret, totpUri } from './totp';

/** Where a sign-in stands between requests; kept in the provider's interaction, the secret sealed. */
interface PendingSignIn {
  username: string;
  step: 'code' | 'enrol';
  sealedSecret?: string;
}

const pendingSchema = z.object({ username: z.string(), step: z.enum(['code', 'enrol']), sealedSecret: z.string().optional() });
/** What the interaction keeps between requests: the sign-in's step, and the language the switcher chose on its pages. */
const resultSchema = z.object({ pending: pendingSchema.optional(), language: z.string().optional() });
const passwordForm = z.object({ username: z.string().max(200).default(''), password: z.string().max(256).default('') });
const codeForm = z.object({ code: z.string().max(20).default('') });
const uidParams = z.object({ uid: z.string().min(1).max(100) });

const isAccountRefusal = (result: { status: string }): result is AccountRefusal =>
  result.status === 'registrarBlocked' || result.status === 'disabled' || result.status === 'accessEnded';

/** A wait in whole minutes, rounded up. */
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The sign-in's refusals in one language. */
export function signInErrors({ t }: Pick<IdentityTexts, 't'>) {
  return {
    refused: t('identity.error.refused'),
    wrongCode: t('identity.error.wrongCode'),
    locked: (seconds: number) => t('identity.error.locked', { count: minutes(seconds) }),
    /** A rate limit refused the post (plugins/rate-limits.ts), for the address or for the username. */
    tooManyAttempts: (seconds: number, from: 'network' | 'account') =>
      t(from === 'network' ? 'identity.error.tooManyFromNetwork' : 'identity.error.tooManyForAccount', { count: minutes(seconds) }),
    expired: t('identity.error.expired'),
    busy: t('identity.error.busy'),
    /** The registrar may not sign in (BLOCKED, DELETED): in English the words the API's refusal uses too. */
    registrarBlocked: t('identity.error.registrarBlocked'),
    /** An ADMIN disabled the user (Keycloak's theme says the same: accountDisabledMessage). */
    disabled: t('identity.error.disabled'),
    accessEnded: t('identity.error.accessEnded'),
  };
}

/** The refusals in English, as the tests read them. */
export const signInTexts = signInErrors(identityTexts('en'));

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

  /** A page of this sign-in in `language`; the switcher links to `here` in the others. */
  const viewIn = (language: Language, here: string): PageView => ({ texts: identityTexts(language), here });

  /** The password step: every way it is shown offers 'Forgot password?'. */
  const passwordView = (uid: string, view: PageView, options: { username?: string; error?: string } = {}) =>
    passwordPage({ context: pageContext, view, action: urls(uid).login, forgot: urls(uid).forgot, ...options });

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  /** No sign-in to continue: in the language the address chooses, else English (there is no interaction to ask). */
  const expiredPage = (request: FastifyRequest, reply: FastifyReply) => {
    const view = viewIn(pageLanguage(chosenLanguage(request.query)), request.url);
    const { t } = view.texts;
    return html(
      reply,
      messagePage({
        context: pageContext,
        view,
        title: t('identity.signIn.title'),
        text: t('identity.error.expired'),
        link: { href: `${options.portalUrl}/`, label: t('identity.goToPanel') },
      }),
      400,
    );
  };

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

  type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

  function resultOf(interaction: { result?: unknown }): z.output<typeof resultSchema> {
    return resultSchema.safeParse(interaction.result ?? {}).data ?? {};
  }

  function pendingOf(interaction: { result?: unknown }): PendingSignIn | undefined {
    return resultOf(interaction).pending;
  }

  async function savePending(interaction: Interaction, pending: PendingSignIn | undefined) {
    const { language } = resultOf(interaction);
    interaction.result = { ...(pending ? { pending } : {}), ...(language ? { language } : {}) };
    await interaction.persist();
  }

  /**
   * The language of this sign-in's pages (pages/page-language.ts): the switcher's choice, kept in
   * the interaction for the steps that follow; else the authorization request's `ui_locales`; else English.
   */
  async function languageOf(request: FastifyRequest, interaction: Interaction): Promise<Language> {
    const result = resultOf(interaction);
    const chosen = chosenLanguage(request.query);
    if (chosen && chosen !== result.language) {
      interaction.result = { ...result, language: chosen };
      await interaction.persist();
    }
    return pageLanguage(chosen, matchLanguage(result.language), languageOfUiLocales(interaction.params.ui_locales));
  }

  /** The view of a page of this interaction; `here` is the page to show again in another language. */
  async function viewOf(request: FastifyRequest, interaction: Interaction, here: string): Promise<PageView> {
    return viewIn(await languageOf(request, interaction), here);
  }

  async function enrolmentView(uid: string, view: PageView, pending: PendingSignIn, error?: string): Promise<string> {
    const secret = signIn.openPendingSecret(pending.sealedSecret ?? '');
    const qrDataUrl = await QRCode.toDataURL(totpUri(secret, { issuer: options.totpIssuer, label: pending.username }), { margin: 1, width: 200 });
    const u = urls(uid);
    return enrolmentPage({ context: pageContext, view, action: u.enrol, restart: u.restart, username: pending.username, secret, qrDataUrl, error });
  }

  /**
   * The sign-in limits, checked before any password or code: the address first, so that a post it
   * refuses is not counted against the account (one address cannot use up someone else's allowance).
   * Returns the page's error text in a language (and sets Retry-After) when a limit refuses.
   */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, username: string): Promise<((texts: IdentityTexts) => string) | undefined> {
    const refused = await app.rateLimits.check(['signInPerIp', addressOf(request)], ['signInPerAccount', accountOf(username)]);
    if (!refused) return undefined;
    request.log.info({ limit: refused.limit }, 'rate limit reached');
    void reply.header('retry-after', String(refused.retryAfterSeconds));
    return (texts) => signInErrors(texts).tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'signInPerIp' ? 'network' : 'account');
  }

  /** A step's refusal, in words. */
  function refusal(result: StepRefusal, wrong: 'refused' | 'wrongCode', texts: IdentityTexts): string {
    const errors = signInErrors(texts);
    if (result.status === 'locked') return errors.locked(result.retryAfterSeconds);
    if (isAccountRefusal(result)) return errors[result.status];
    return result.status === 'busy' ? errors.busy : errors[wrong];
  }

  /**
   * A code step refused because the registry blocked the registrar, or an ADMIN the user, since the
   * password step: no code can help, so the sign-in starts again at the password page, with the reason.
   */
  async function accountRefusedPage(reply: FastifyReply, interaction: Interaction, view: PageView, username: string, result: AccountRefusal) {
    await savePending(interaction, undefined);
    return html(reply, passwordView(interaction.uid, view, { username, error: signInErrors(view.texts)[result.status] }));
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
    if (!interaction) return expiredPage(request, reply);
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
    const view = await viewOf(request, interaction, u.page);
    if (pending?.step === 'code') return html(reply, codePage({ context: pageContext, view, action: u.otp, restart: u.restart, username: pending.username }));
    if (pending?.step === 'enrol') return html(reply, await enrolmentView(interaction.uid, view, pending));
    return html(reply, passwordView(interaction.uid, view));
  });

  app.post(`${base}/:uid/login`, async (request, reply) => {
    const form = passwordForm.safeParse(request.body ?? {});
    const input = form.success ? form.data : { username: '', password: '' };
    // The limits before anything that reads the database: a flood they refuse costs almost nothing.
    const tooMany = await overLimit(request, reply, input.username);
    if (tooMany) {
      const params = uidParams.safeParse(request.params);
      if (!params.success) return expiredPage(request, reply);
      // The refusal's page is in the interaction's language when this browser's interaction is the one named.
      const interaction = await interactionOf(request, reply);
      const here = urls(params.data.uid).page;
      const view = interaction ? await viewOf(request, interaction, here) : viewIn(pageLanguage(chosenLanguage(request.query)), here);
      return html(reply, passwordView(params.data.uid, view, { username: input.username, error: tooMany(view.texts) }), 429);
    }
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(request, reply);
    const view = await viewOf(request, interaction, urls(interaction.uid).page);
    const result = await signIn.checkPassword({ ...input, ip: request.ip });
    if (result.status !== 'ok') {
      return html(
        reply,
        passwordView(interaction.uid, view, { username: input.username, error: refusal(result, 'refused', view.texts) }),
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
    if (!interaction) return expiredPage(request, reply);
    const pending = pendingOf(interaction);
    if (pending?.step !== 'code') return reply.redirect(urls(interaction.uid).page, 303);
    const u = urls(interaction.uid);
    const view = await viewOf(request, interaction, u.page);
    const tooMany = await overLimit(request, reply, pending.username);
    if (tooMany) {
      return html(
        reply,
        codePage({ context: pageContext, view, action: u.otp, restart: u.restart, username: pending.username, error: tooMany(view.texts) }),
        429,
      );
    }
    const { code } = codeForm.safeParse(request.body ?? {}).data ?? { code: '' };
    const result = await signIn.checkCode({ username: pending.username, code, ip: request.ip });
    if (result.status === 'ok') return finish(request, reply, result.accountId);
    if (isAccountRefusal(result)) return accountRefusedPage(reply, interaction, view, pending.username, result);
    return html(
      reply,
      codePage({ context: pageContext, view, action: u.otp, restart: u.restart, username: pending.username, error: refusal(result, 'wrongCode', view.texts) }),
    );
  });

  app.post(`${base}/:uid/enrol`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(request, reply);
    const pending = pendingOf(interaction);
    if (pending?.step !== 'enrol' || !pending.sealedSecret) return reply.redirect(urls(interaction.uid).page, 303);
    const view = await viewOf(request, interaction, urls(interaction.uid).page);
    const tooMany = await overLimit(request, reply, pending.username);
    if (tooMany) return html(reply, await enrolmentView(interaction.uid, view, pending, tooMany(view.texts)), 429);
    const { code } = codeForm.safeParse(request.body ?? {}).data ?? { code: '' };
    const secret = signIn.openPendingSecret(pending.sealedSecret);
    const result = await signIn.completeEnrolment({ username: pending.username, secret, code, ip: request.ip });
    if (result.status === 'ok') return finish(request, reply, result.accountId);
    if (isAccountRefusal(result)) return accountRefusedPage(reply, interaction, view, pending.username, result);
    return html(reply, await enrolmentView(interaction.uid, view, pending, refusal(result, 'wrongCode', view.texts)));
  });

  // 'Forgot password?': bound to this browser's sign-in like the other forms (the interaction cookie
  // and the uid in the address must match), so another site cannot post it in the user's name.
  app.get(`${base}/:uid/forgot`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(request, reply);
    const u = urls(interaction.uid);
    const view = await viewOf(request, interaction, u.forgot);
    return html(reply, forgotPasswordPage({ context: pageContext, view, action: u.forgot, back: u.page }));
  });

  app.post(`${base}/:uid/forgot`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(request, reply);
    const u = urls(interaction.uid);
    const view = await viewOf(request, interaction, u.forgot);
    const { username } = passwordForm.pick({ username: true }).safeParse(request.body ?? {}).data ?? { username: '' };
    const form = (error: string) => forgotPasswordPage({ context: pageContext, view, action: u.forgot, back: u.page, username, error });
    if (!username.trim()) return html(reply, form(view.texts.t('identity.forgot.usernameRequired')));
    // Counted for every name typed, known or not: a refusal says nothing about the account.
    const refused = await app.rateLimits.check(['forgotPasswordPerIp', addressOf(request)], ['forgotPasswordPerUsername', accountOf(username)]);
    if (refused) {
      request.log.info({ limit: refused.limit }, 'rate limit reached');
      void reply.header('retry-after', String(refused.retryAfterSeconds));
      const text = signInErrors(view.texts).tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'forgotPasswordPerIp' ? 'network' : 'account');
      return html(reply, form(text), 429);
    }
    // The mail is in the account's language if it has one, else this page's (forgot-password.service.ts).
    await options.requestReset(username, view.texts.language);
    return html(reply, forgotPasswordPage({ context: pageContext, view, action: u.forgot, back: u.page, sent: true }));
  });

  app.get(`${base}/:uid/restart`, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return expiredPage(request, reply);
    await savePending(interaction, undefined);
    return reply.redirect(urls(interaction.uid).page, 303);
  });
}
