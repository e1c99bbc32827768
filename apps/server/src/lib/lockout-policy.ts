/**
 * Brute-force protection. After 5 consecutive failures from one address, the account waits 1
 * minute there, and each further failure from that address doubles the wait, up to 15 minutes.
 * The owner, signing in from elsewhere, is not locked out by one address's guesses. Failures from
 * every address together lock the account everywhere at 20, with the same waits, against guesses
 * spread over many addresses. Unknown usernames are treated exactly the same way, so that the page
 * never tells whether a username exists. Per-address rate limits (plugins/rate-limits.ts) come
 * first. docs/authorization.md says what exposure remains.
 */
export const lockoutPolicy = { threshold: 5, accountWideThreshold: 20, firstWaitMs: 60_000, maxWaitMs: 15 * 60_000 } as const;

export function lockDurationMs(consecutiveFailures: number, threshold: number = lockoutPolicy.threshold): number {
  if (consecutiveFailures < threshold) return 0;
  return Math.min(lockoutPolicy.maxWaitMs, lockoutPolicy.firstWaitMs * 2 ** (consecutiveFailures - threshold));
}

/**
 * The wait after the 1st, 2nd, … consecutive failure, up to the first that reaches the maximum:
 * the lockout's SQL (identity/sign-in/lockout.repository.ts) counts atomically and takes its wait from this list.
 */
function waitsFor(threshold: number): readonly number[] {
  const waits: number[] = [];
  for (let failures = 1; waits.at(-1) !== lockoutPolicy.maxWaitMs; failures++) waits.push(lockDurationMs(failures, threshold));
  return waits;
}

/** The `source` of the count from every address; an address (lib/addresses.ts `subscriberOf`) is never '*'. */
export const everywhere = '*';

export const lockWaitsMs = { fromAddress: waitsFor(lockoutPolicy.threshold), everywhere: waitsFor(lockoutPolicy.accountWideThreshold) } as const;

/**
 * The one form of a typed username that sign-in counts and locks: usernames are unique in any
 * letter case (the database enforces it on lower(username)), so `Bob@Acme` and `bob@acme` are one
 * account, known or not.
 */
export function lockoutAccount(typedUsername: string): string {
  return typedUsername.trim().toLowerCase();
}
