/**
 * Brute-force protection: after 5 consecutive failures an account waits 1 minute, and each further
 * failure doubles the wait, up to 15 minutes. Unknown usernames are treated exactly the same way,
 * so that the page never tells whether a username exists.
 */
export const lockoutPolicy = { threshold: 5, firstWaitMs: 60_000, maxWaitMs: 15 * 60_000 } as const;

export function lockDurationMs(consecutiveFailures: number): number {
  if (consecutiveFailures < lockoutPolicy.threshold) return 0;
  return Math.min(lockoutPolicy.maxWaitMs, lockoutPolicy.firstWaitMs * 2 ** (consecutiveFailures - lockoutPolicy.threshold));
}

/** Sign-in outcomes as recorded; user management shows them as `signIn.{outcome}`. */
export type SignInOutcome = 'success' | 'wrongPassword' | 'wrongCode' | 'locked' | 'disabled';

/** Failures that count toward the lockout; refusals during a wait do not extend it. */
export function countsAsFailure(outcome: string): boolean {
  return outcome === 'wrongPassword' || outcome === 'wrongCode' || outcome === 'disabled';
}

/** Consecutive counted failures, newest first, up to the last success. */
export function consecutiveFailures(attempts: readonly { outcome: string }[]): number {
  let failures = 0;
  for (const attempt of attempts) {
    if (attempt.outcome === 'success') break;
    if (countsAsFailure(attempt.outcome)) failures++;
  }
  return failures;
}
