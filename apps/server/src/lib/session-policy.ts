/**
 * Session limits (the cookie policy's 10 hours): access tokens live 5 minutes; a session ends after
 * 30 minutes without use and after 10 hours at most, whatever the use.
 */
export const sessionPolicy = {
  accessTokenSeconds: 5 * 60,
  idleSeconds: 30 * 60,
  maxSeconds: 10 * 60 * 60,
} as const;

/** Seconds a session (or its refresh token) may live from now: idle time, capped by the maximum. */
export function sessionSecondsLeft(signedInAt: number | undefined, nowSeconds: number): number {
  const untilMax = signedInAt === undefined ? sessionPolicy.maxSeconds : signedInAt + sessionPolicy.maxSeconds - nowSeconds;
  return Math.max(1, Math.min(sessionPolicy.idleSeconds, untilMax));
}
