import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import QRCode from 'qrcode';
import { z } from 'zod';
import { matchLanguage, type Language } from '@registrar-panel/contract';
import { accountOf, addressOf, type RateLimiter } from '../../plugins/rate-limits';
import type { PageContext, PageView } from '../pages/layout';
import { chosenLanguage, languageOfUiLocales, pageLanguage } from '../pages/page-language';
import { messagePage } from '../account-links/pages';
import { identityTexts, type IdentityTexts } from '../texts/identity-texts';
import type { ForgotPassword } from './forgot-password.service';
import { codePage, enrolmentPage, passkeyEnrolmentPage, passkeyPage, passwordPage } from './pages';
import type { AccountRefusal, SignIn, StepRefusal } from './sign-in.service';
import { totpUri } from './totp';

/** Where a sign-in stands between requests; kept in the provider's interaction, the secret sealed. */
export interface PendingSignIn {
  username: string;
  step: 'code' | 'enrol' | 'passkey' | 'enrolPasskey';
  sealedSecret?: string;
  /**
   * At the passkey step: the user also has an authenticator app, whose code may serve instead
   * (never where the registrar requires passkeys).
   */
  codeFallback?: boolean;
  /** At the code step: the registrar requires passkeys and the user has none; the code only leads to adding one. */
  thenPasskey?: boolean;
}

/** What the sign-in pages' handlers and helpers use, built once by `interactionRoutes`. */
export interface InteractionDeps {
  provider: Provider;
  signIn: SignIn;
  rateLimits: RateLimiter;
  pageContext: PageContext;
  /** `{issuer}/login-actions`: the provider's interaction cookie is scoped to that path. */
  base: string;
  portalUrl: string;
  totpIssuer: string;
  /** 'Forgot password?': mails a reset link to an account that may have one (forgot-password.service.ts). */
  requestReset: ForgotPassword;
}

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const pendingSchema = z.object({
  username: z.string(),
  step: z.enum(['code', 'enrol', 'passkey', 'enrolPasskey']),
  sealedSecret: z.string().optional(),
  codeFallback: z.boolean().optional(),
  thenPasskey: z.boolean().optional(),
});
/** What the interaction keeps between requests: the sign-in's step, and the language the switcher chose on its pages. */
const resultSchema = z.object({ pending: pendingSchema.optional(), language: z.string().optional() });
export const uidParams = z.object({ uid: z.string().min(1).max(100) });

export const isAccountRefusal = (result: { status: string }): result is AccountRefusal =>
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

export function urls(deps: InteractionDeps, uid: string) {
  const { base } = deps;
  return {
    page: `${base}/${uid}`,
    login: `${base}/${uid}/login`,
    otp: `${base}/${uid}/otp`,
    enrol: `${base}/${uid}/enrol`,
    passkey: `${base}/${uid}/passkey`,
    enrolPasskey: `${base}/${uid}/enrol-passkey`,
    useCode: `${base}/${uid}/use-code`,
    restart: `${base}/${uid}/restart`,
    forgot: `${base}/${uid}/forgot`,
  };
}

/** A page of this sign-in in `language`; the switcher links to `here` in the others. */
export const viewIn = (language: Language, here: string): PageView => ({ texts: identityTexts(language), here });

/** The password step: every way it is shown offers 'Forgot password?'. */
export function passwordView(deps: InteractionDeps, uid: string, view: PageView, options: { username?: string; error?: string } = {}) {
  return passwordPage({ context: deps.pageContext, view, action: urls(deps, uid).login, forgot: urls(deps, uid).forgot, ...options });
}

export function codeView(deps: InteractionDeps, uid: string, view: PageView, pending: PendingSignIn, error?: string) {
  const u = urls(deps, uid);
  const info = pending.thenPasskey ? view.texts.t('identity.enrolPasskey.afterCode') : undefined;
  return codePage({ context: deps.pageContext, view, action: u.otp, restart: u.restart, username: pending.username, error, info });
}

/** Adding a passkey where the registrar requires one: its options (a new challenge) in the page for the browser's script. */
export async function passkeyEnrolmentView(
  deps: InteractionDeps,
  uid: string,
  view: PageView,
  pending: PendingSignIn,
  form: { name?: string; error?: string } = {},
): Promise<string> {
  const u = urls(deps, uid);
  const options = await deps.signIn.passkeyRegistrationOptions(pending.username);
  return passkeyEnrolmentPage({
    context: deps.pageContext,
    view,
    action: u.enrolPasskey,
    restart: u.restart,
    username: pending.username,
    options: JSON.stringify(options ?? null),
    ...form,
  });
}

/** The passkey step: its options (a new challenge) in the page for the browser's script. */
export async function passkeyView(deps: InteractionDeps, uid: string, view: PageView, pending: PendingSignIn, error?: string): Promise<string> {
  const u = urls(deps, uid);
  const options = await deps.signIn.passkeyOptions(pending.username);
  return passkeyPage({
    context: deps.pageContext,
    view,
    action: u.passkey,
    restart: u.restart,
    username: pending.username,
    options: JSON.stringify(options ?? null),
    ...(pending.codeFallback ? { useCode: u.useCode } : {}),
    error,
  });
}

export async function enrolmentView(deps: InteractionDeps, uid: string, view: PageView, pending: PendingSignIn, error?: string): Promise<string> {
  const secret = deps.signIn.openPendingSecret(pending.sealedSecret ?? '');
  const qrDataUrl = await QRCode.toDataURL(totpUri(secret, { issuer: deps.totpIssuer, label: pending.username }), { margin: 1, width: 200 });
  const u = urls(deps, uid);
  return enrolmentPage({ context: deps.pageContext, view, action: u.enrol, restart: u.restart, username: pending.username, secret, qrDataUrl, error });
}

export const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** No sign-in to continue: in the language the address chooses, else English (there is no interaction to ask). */
export function expiredPage(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const view = viewIn(pageLanguage(chosenLanguage(request.query)), request.url);
  const { t } = view.texts;
  return html(
    reply,
    messagePage({
      context: deps.pageContext,
      view,
      title: t('identity.signIn.title'),
      text: t('identity.error.expired'),
      link: { href: `${deps.portalUrl}/`, label: t('identity.goToPanel') },
    }),
    400,
  );
}

/** The interaction of this browser, if it is the one in the address; otherwise nothing. */
export async function interactionOf(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const params = uidParams.safeParse(request.params);
  if (!params.success) return undefined;
  const { uid } = params.data;
  try {
    const interaction = await deps.provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === uid ? interaction : undefined;
  } catch {
    return undefined;
  }
}

function resultOf(interaction: { result?: unknown }): z.output<typeof resultSchema> {
  return resultSchema.safeParse(interaction.result ?? {}).data ?? {};
}

export function pendingOf(interaction: { result?: unknown }): PendingSignIn | undefined {
  return resultOf(interaction).pending;
}

export async function savePending(interaction: Interaction, pending: PendingSignIn | undefined) {
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
export async function viewOf(request: FastifyRequest, interaction: Interaction, here: string): Promise<PageView> {
  return viewIn(await languageOf(request, interaction), here);
}

/**
 * The sign-in limits, checked before any password or code: the address first, so that a post it
 * refuses is not counted against the account (one address cannot use up someone else's allowance).
 * Returns the page's error text in a language (and sets Retry-After) when a limit refuses.
 */
export async function overLimit(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
): Promise<((texts: IdentityTexts) => string) | undefined> {
  const refused = await deps.rateLimits.check(['signInPerIp', addressOf(request)], ['signInPerAccount', accountOf(username)]);
  if (!refused) return undefined;
  request.log.info({ limit: refused.limit }, 'rate limit reached');
  void reply.header('retry-after', String(refused.retryAfterSeconds));
  return (texts) => signInErrors(texts).tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'signInPerIp' ? 'network' : 'account');
}

/** A step's refusal, in words. */
export function refusal(result: StepRefusal, wrong: 'refused' | 'wrongCode', texts: IdentityTexts): string {
  const errors = signInErrors(texts);
  if (result.status === 'locked') return errors.locked(result.retryAfterSeconds);
  if (isAccountRefusal(result)) return errors[result.status];
  return result.status === 'busy' ? errors.busy : errors[wrong];
}

/**
 * A code step refused because the registry blocked the registrar, or an ADMIN the user, since the
 * password step: no code can help, so the sign-in starts again at the password page, with the reason.
 */
export async function accountRefusedPage(
  deps: InteractionDeps,
  reply: FastifyReply,
  interaction: Interaction,
  view: PageView,
  username: string,
  result: AccountRefusal,
) {
  await savePending(interaction, undefined);
  return html(reply, passwordView(deps, interaction.uid, view, { username, error: signInErrors(view.texts)[result.status] }));
}

/** A refusal's page answers 200, except when the server is too busy to check: 503, try again in a second. */
export function refusalStatus(reply: FastifyReply, result: StepRefusal): number {
  if (result.status !== 'busy') return 200;
  void reply.header('retry-after', '1');
  return 503;
}

/** The portal is the only client and a first party: what it asks for is granted without a question. */
export async function grantConsent(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
  const { provider } = deps;
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
}

export async function finish(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply, accountId: string, second: 'otp' | 'hwk' = 'otp') {
  reply.hijack();
  // remember: false keeps the provider's cookie for the browser session only; the server ends it after 30 idle minutes or 10 hours.
  await deps.provider.interactionFinished(
    request.raw,
    reply.raw,
    { login: { accountId, amr: ['pwd', second], remember: false } },
    { mergeWithLastSubmission: false },
  );
}
