import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { addPasskeySchema, limits, passkeyNameField } from '@registrar-panel/contract';
import { accountOf, addressOf } from '../../plugins/rate-limits';
import type { PageContext } from '../pages/layout';
import { chosenLanguage, pageLanguage } from '../pages/page-language';
import type { ForgotPassword } from './forgot-password.service';
import {
  accountRefusedPage,
  codeView,
  enrolmentView,
  expiredPage,
  finish,
  grantConsent,
  html,
  interactionOf,
  isAccountRefusal,
  overLimit,
  passkeyEnrolmentView,
  passkeyView,
  passwordView,
  pendingOf,
  refusal,
  refusalStatus,
  savePending,
  signInErrors,
  uidParams,
  urls,
  viewIn,
  viewOf,
  type InteractionDeps,
  type PendingSignIn,
} from './interaction-helpers';
import { forgotPasswordPage } from './pages';
import type { SignIn } from './sign-in.service';
import { newTotpSecret } from './totp';

const passwordForm = z.object({ username: z.string().max(200).default(''), password: z.string().max(256).default('') });
const codeForm = z.object({ code: z.string().max(20).default('') });
/** The browser's passkey answer as JSON text; its parts are checked by @simplewebauthn/server. */
const passkeyForm = z.object({ response: z.string().max(20_000).default('') });
/** Adding a passkey at sign-in: its name and the browser's answer as JSON text. */
const passkeyEnrolmentForm = z.object({ name: z.string().max(1000).default(''), response: z.string().max(40_000).default('') });
const assertionSchema = z.object({
  id: z.string().max(2000),
  rawId: z.string().max(2000),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(5000),
    authenticatorData: z.string().max(5000),
    signature: z.string().max(2000),
    userHandle: z.string().max(500).optional(),
  }),
  clientExtensionResults: z.object({}).passthrough().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

function registrationOf(text: string) {
  try {
    return addPasskeySchema.shape.response.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

function assertionOf(text: string) {
  try {
    return assertionSchema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

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
  const { provider, signIn, pageContext, portalUrl, totpIssuer, requestReset } = options;
  const base = `${options.issuerPath}/login-actions`;
  const deps: InteractionDeps = { provider, signIn, rateLimits: app.rateLimits, pageContext, base, portalUrl, totpIssuer, requestReset };

  app.get(`${base}/:uid`, (request, reply) => showStep(deps, request, reply));
  app.post(`${base}/:uid/login`, (request, reply) => postPassword(deps, request, reply));
  app.post(`${base}/:uid/otp`, (request, reply) => postCode(deps, request, reply));
  app.post(`${base}/:uid/enrol`, (request, reply) => postEnrolment(deps, request, reply));
  app.post(`${base}/:uid/passkey`, (request, reply) => postPasskey(deps, request, reply));
  app.post(`${base}/:uid/enrol-passkey`, (request, reply) => postPasskeyEnrolment(deps, request, reply));
  app.get(`${base}/:uid/use-code`, (request, reply) => useCode(deps, request, reply));
  // 'Forgot password?': bound to this browser's sign-in like the other forms (the interaction cookie
  // and the uid in the address must match), so another site cannot post it in the user's name.
  app.get(`${base}/:uid/forgot`, (request, reply) => showForgotPassword(deps, request, reply));
  app.post(`${base}/:uid/forgot`, (request, reply) => postForgotPassword(deps, request, reply));
  app.get(`${base}/:uid/restart`, (request, reply) => restart(deps, request, reply));
}

/** The sign-in's page: consent granted at once, else the step the sign-in stands at. */
async function showStep(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  if (interaction.prompt.name === 'consent') return grantConsent(deps, request, reply, interaction);
  const pending = pendingOf(interaction);
  const view = await viewOf(request, interaction, urls(deps, interaction.uid).page);
  if (pending?.step === 'code') return html(reply, codeView(deps, interaction.uid, view, pending));
  if (pending?.step === 'enrol') return html(reply, await enrolmentView(deps, interaction.uid, view, pending));
  if (pending?.step === 'passkey') return html(reply, await passkeyView(deps, interaction.uid, view, pending));
  if (pending?.step === 'enrolPasskey') return html(reply, await passkeyEnrolmentView(deps, interaction.uid, view, pending));
  return html(reply, passwordView(deps, interaction.uid, view));
}

async function postPassword(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const form = passwordForm.safeParse(request.body ?? {});
  const input = form.success ? form.data : { username: '', password: '' };
  // The limits before anything that reads the database: a flood they refuse costs almost nothing.
  const tooMany = await overLimit(deps, request, reply, input.username);
  if (tooMany) {
    const params = uidParams.safeParse(request.params);
    if (!params.success) return expiredPage(deps, request, reply);
    // The refusal's page is in the interaction's language when this browser's interaction is the one named.
    const interaction = await interactionOf(deps, request, reply);
    const here = urls(deps, params.data.uid).page;
    const view = interaction ? await viewOf(request, interaction, here) : viewIn(pageLanguage(chosenLanguage(request.query)), here);
    return html(reply, passwordView(deps, params.data.uid, view, { username: input.username, error: tooMany(view.texts) }), 429);
  }
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const view = await viewOf(request, interaction, urls(deps, interaction.uid).page);
  const result = await deps.signIn.checkPassword({ ...input, ip: request.ip });
  if (result.status !== 'ok') {
    return html(
      reply,
      passwordView(deps, interaction.uid, view, { username: input.username, error: refusal(result, 'refused', view.texts) }),
      refusalStatus(reply, result),
    );
  }
  await savePending(interaction, nextStep(deps, result));
  return reply.redirect(urls(deps, interaction.uid).page, 303);
}

/**
 * After the password: a user with a passkey is asked for it, the code (if any) as the way round
 * unless the registrar requires passkeys. Where it does, a user without one adds one, after the
 * code if they have the app (the code then serves only for that). Otherwise the code, or enrolment.
 */
function nextStep(deps: InteractionDeps, result: { username: string; hasTotp: boolean; hasPasskey: boolean; passkeysRequired: boolean }): PendingSignIn {
  const { username, hasTotp, hasPasskey, passkeysRequired } = result;
  if (hasPasskey) return { username, step: 'passkey', codeFallback: hasTotp && !passkeysRequired };
  if (passkeysRequired) return hasTotp ? { username, step: 'code', thenPasskey: true } : { username, step: 'enrolPasskey' };
  return hasTotp ? { username, step: 'code' } : { username, step: 'enrol', sealedSecret: deps.signIn.sealPendingSecret(newTotpSecret()) };
}

async function postCode(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const pending = pendingOf(interaction);
  if (pending?.step !== 'code') return reply.redirect(urls(deps, interaction.uid).page, 303);
  const view = await viewOf(request, interaction, urls(deps, interaction.uid).page);
  const tooMany = await overLimit(deps, request, reply, pending.username);
  if (tooMany) return html(reply, codeView(deps, interaction.uid, view, pending, tooMany(view.texts)), 429);
  const { code } = codeForm.safeParse(request.body ?? {}).data ?? { code: '' };
  const input = { username: pending.username, code, ip: request.ip };
  if (pending.thenPasskey) {
    // Where passkeys are required, the code only leads on to adding one.
    const proven = await deps.signIn.checkCodeToEnrolPasskey(input);
    if (proven.status === 'ok') {
      await savePending(interaction, { username: pending.username, step: 'enrolPasskey' });
      return reply.redirect(urls(deps, interaction.uid).page, 303);
    }
    if (isAccountRefusal(proven)) return accountRefusedPage(deps, reply, interaction, view, pending.username, proven);
    return html(reply, codeView(deps, interaction.uid, view, pending, refusal(proven, 'wrongCode', view.texts)));
  }
  const result = await deps.signIn.checkCode(input);
  if (result.status === 'ok') return finish(deps, request, reply, result.accountId);
  if (isAccountRefusal(result)) return accountRefusedPage(deps, reply, interaction, view, pending.username, result);
  return html(reply, codeView(deps, interaction.uid, view, pending, refusal(result, 'wrongCode', view.texts)));
}

async function postEnrolment(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const pending = pendingOf(interaction);
  if (pending?.step !== 'enrol' || !pending.sealedSecret) return reply.redirect(urls(deps, interaction.uid).page, 303);
  const view = await viewOf(request, interaction, urls(deps, interaction.uid).page);
  const tooMany = await overLimit(deps, request, reply, pending.username);
  if (tooMany) return html(reply, await enrolmentView(deps, interaction.uid, view, pending, tooMany(view.texts)), 429);
  const { code } = codeForm.safeParse(request.body ?? {}).data ?? { code: '' };
  const secret = deps.signIn.openPendingSecret(pending.sealedSecret);
  const result = await deps.signIn.completeEnrolment({ username: pending.username, secret, code, ip: request.ip });
  if (result.status === 'ok') return finish(deps, request, reply, result.accountId);
  if (isAccountRefusal(result)) return accountRefusedPage(deps, reply, interaction, view, pending.username, result);
  return html(reply, await enrolmentView(deps, interaction.uid, view, pending, refusal(result, 'wrongCode', view.texts)));
}

async function postPasskey(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const pending = pendingOf(interaction);
  if (pending?.step !== 'passkey') return reply.redirect(urls(deps, interaction.uid).page, 303);
  const view = await viewOf(request, interaction, urls(deps, interaction.uid).page);
  const tooMany = await overLimit(deps, request, reply, pending.username);
  if (tooMany) return html(reply, await passkeyView(deps, interaction.uid, view, pending, tooMany(view.texts)), 429);
  const response = assertionOf((passkeyForm.safeParse(request.body ?? {}).data ?? { response: '' }).response);
  const result = response ? await deps.signIn.checkPasskey({ username: pending.username, response, ip: request.ip }) : ({ status: 'refused' } as const);
  if (result.status === 'ok') return finish(deps, request, reply, result.accountId, 'hwk');
  if (isAccountRefusal(result)) return accountRefusedPage(deps, reply, interaction, view, pending.username, result);
  const text = result.status === 'refused' ? view.texts.t('identity.passkey.refused') : refusal(result, 'wrongCode', view.texts);
  return html(reply, await passkeyView(deps, interaction.uid, view, pending, text));
}

/** Adding a passkey where the registrar requires one: then signed in with it. */
async function postPasskeyEnrolment(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const pending = pendingOf(interaction);
  if (pending?.step !== 'enrolPasskey') return reply.redirect(urls(deps, interaction.uid).page, 303);
  const view = await viewOf(request, interaction, urls(deps, interaction.uid).page);
  const form = passkeyEnrolmentForm.safeParse(request.body ?? {}).data ?? { name: '', response: '' };
  const again = async (error: string, status = 200) =>
    html(reply, await passkeyEnrolmentView(deps, interaction.uid, view, pending, { name: form.name.slice(0, limits.passkeyNameMaxLength), error }), status);
  const tooMany = await overLimit(deps, request, reply, pending.username);
  if (tooMany) return again(tooMany(view.texts), 429);
  const name = passkeyNameField.safeParse(form.name);
  if (!name.success) return again(view.texts.t('identity.enrolPasskey.nameInvalid', { max: limits.passkeyNameMaxLength }));
  const response = registrationOf(form.response);
  const result = response
    ? await deps.signIn.completePasskeyEnrolment({
        username: pending.username,
        response: { ...response, clientExtensionResults: {} },
        name: name.data,
        ip: request.ip,
      })
    : ({ status: 'refused' } as const);
  if (result.status === 'ok') return finish(deps, request, reply, result.accountId, 'hwk');
  if (isAccountRefusal(result)) return accountRefusedPage(deps, reply, interaction, view, pending.username, result);
  return again(result.status === 'refused' ? view.texts.t('identity.enrolPasskey.refused') : refusal(result, 'refused', view.texts));
}

/** "Use your authenticator app code instead": only for a user who has the app. */
async function useCode(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const pending = pendingOf(interaction);
  if (pending?.step === 'passkey' && pending.codeFallback) await savePending(interaction, { username: pending.username, step: 'code' });
  return reply.redirect(urls(deps, interaction.uid).page, 303);
}

async function showForgotPassword(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const u = urls(deps, interaction.uid);
  const view = await viewOf(request, interaction, u.forgot);
  return html(reply, forgotPasswordPage({ context: deps.pageContext, view, action: u.forgot, back: u.page }));
}

async function postForgotPassword(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  const u = urls(deps, interaction.uid);
  const view = await viewOf(request, interaction, u.forgot);
  const { username } = passwordForm.pick({ username: true }).safeParse(request.body ?? {}).data ?? { username: '' };
  const form = (error: string) => forgotPasswordPage({ context: deps.pageContext, view, action: u.forgot, back: u.page, username, error });
  if (!username.trim()) return html(reply, form(view.texts.t('identity.forgot.usernameRequired')));
  // Counted for every name typed, known or not: a refusal says nothing about the account.
  const refused = await deps.rateLimits.check(['forgotPasswordPerIp', addressOf(request)], ['forgotPasswordPerUsername', accountOf(username)]);
  if (refused) {
    request.log.info({ limit: refused.limit }, 'rate limit reached');
    void reply.header('retry-after', String(refused.retryAfterSeconds));
    const text = signInErrors(view.texts).tooManyAttempts(refused.retryAfterSeconds, refused.limit === 'forgotPasswordPerIp' ? 'network' : 'account');
    return html(reply, form(text), 429);
  }
  // The mail is in the account's language if it has one, else this page's (forgot-password.service.ts).
  await deps.requestReset(username, view.texts.language);
  return html(reply, forgotPasswordPage({ context: deps.pageContext, view, action: u.forgot, back: u.page, sent: true }));
}

async function restart(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply) {
  const interaction = await interactionOf(deps, request, reply);
  if (!interaction) return expiredPage(deps, request, reply);
  await savePending(interaction, undefined);
  return reply.redirect(urls(deps, interaction.uid).page, 303);
}
