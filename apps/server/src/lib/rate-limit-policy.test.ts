import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRateLimits, parseLimit, rateLimitPolicy } from './rate-limit-policy';

describe('rate limits from the environment', () => {
  it('takes every documented default when nothing is set', () => {
    const limits = loadRateLimits({});
    expect(Object.keys(limits)).toEqual(Object.keys(rateLimitPolicy));
    expect(limits.signInPerIp).toEqual({ max: 30, windowMs: 15 * 60_000 });
    expect(limits.resetMailPerAccount).toEqual({ max: 5, windowMs: 3_600_000 });
    expect(limits.servicesPerUser).toEqual({ max: 600, windowMs: 60_000 });
  });

  it('reads COUNT/WINDOW in seconds, minutes or hours, and off', () => {
    const limits = loadRateLimits({ RATE_LIMIT_SIGN_IN_PER_IP: '100/30s', RATE_LIMIT_SERVICES_PER_USER: 'off', RATE_LIMIT_RESET_MAIL_PER_ACCOUNT: '2 / 1H' });
    expect(limits.signInPerIp).toEqual({ max: 100, windowMs: 30_000 });
    expect(limits.servicesPerUser).toBeNull();
    expect(limits.resetMailPerAccount).toEqual({ max: 2, windowMs: 3_600_000 });
    expect(parseLimit('10/m', 'X')).toEqual({ max: 10, windowMs: 60_000 });
  });

  it('refuses to start on a value it cannot read, naming the variable', () => {
    for (const bad of ['30', '30 per minute', '0/1m', '5/0m', '-1/1m', '5/1d']) {
      expect(() => loadRateLimits({ RATE_LIMIT_SIGN_IN_PER_IP: bad })).toThrow(
        `RATE_LIMIT_SIGN_IN_PER_IP must be COUNT/WINDOW (e.g. 30/15m, 600/1m, 5/1h) or off, not '${bad}'`,
      );
    }
  });
});

it("the README's table names every limit with its default", () => {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  for (const rule of Object.values(rateLimitPolicy)) expect(readme).toMatch(new RegExp(`\\| \`${rule.variable}\` +\\| \`${rule.default}\` +\\|`));
});
