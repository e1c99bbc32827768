import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { SignedInUser } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route needs a recent sign-in (its route table entry says `recentAuthentication`): a
     * change that could hand another user's account to whoever holds this session.
     */
    recentAuthentication?: boolean;
  }
}

/** The route option that asks for a recent sign-in: `{ config: recentAuthenticationRequired }`. */
export const recentAuthenticationRequired = { recentAuthentication: true } as const;

/**
 * Whether the caller signed in (password and 2-step code, at the identity service) at most
 * `windowSeconds` ago, as the token's `auth_time` says. A token without one (an API key, or an
 * identity service that does not say) never counts as recent; a time ahead of ours is taken as now.
 */
export function signedInRecently(user: Pick<SignedInUser, 'authTime' | 'apiKey'>, windowSeconds: number, nowMs = Date.now()): boolean {
  if (user.apiKey || user.authTime === undefined) return false;
  return nowMs / 1000 - user.authTime <= windowSeconds;
}

/**
 * The recent-authentication check, one place for every route that declares it: after
 * authentication, a route whose `config.recentAuthentication` is set answers 403
 * `error.recentSignInRequired` before the body is read or any service runs, unless the caller
 * signed in within the window (RECENT_AUTHENTICATION_MINUTES). Someone who finds an ADMIN's
 * session open (a shared screen, a stolen refresh token) cannot change where another user's mail
 * goes or reset their 2-step verification without the ADMIN's password and code.
 */
export const recentAuthenticationGate = fp<{ windowSeconds: number }>(async (app: FastifyInstance, { windowSeconds }) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.recentAuthentication !== true) return;
    if (!signedInRecently(request.user, windowSeconds)) throw AppError.of(403, 'error.recentSignInRequired');
  });
});
