import { describe, expect, it } from 'vitest';
import { canonicalIpAddress, eppPasswordFormSchema, ipListProblems, looksLikeIpAddress } from './epp';

describe('canonical IP addresses', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1\t', '192.0.2.1'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
    ['::', '::'],
  ])('%j is %j', (text, canonical) => {
    expect(canonicalIpAddress(text)).toBe(canonical);
  });

  it.each(['', '1.2.3', '1.2.3.04', '127.1', '1::2::3', 'fe80::1%eth0', '192.0.2.0/24', 'g::1'])('%j is no address', (text) => {
    expect(canonicalIpAddress(text)).toBeNull();
  });

  it('keeps the browser pattern of the spec as a first check', () => {
    expect(looksLikeIpAddress('1::2::3')).toBe(true);
    expect(looksLikeIpAddress('example.be')).toBe(false);
  });
});

describe('IP list problems', () => {
  it('skips empty entries and flags the later of two equal addresses', () => {
    expect(ipListProblems(['2001:db8::1', '', 'nope', '2001:0db8::0001', '192.0.2.1', '::ffff:192.0.2.1'])).toEqual([
      undefined,
      undefined,
      'validation.ipAddress',
      'validation.ipAddressDuplicate',
      undefined,
      'validation.ipAddressDuplicate',
    ]);
  });
});

describe('EPP password form', () => {
  const keysOf = (required: boolean, form: Record<string, string>) =>
    eppPasswordFormSchema(required)
      .safeParse(form)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('needs the current password only when the server says so', () => {
    const form = { oldPassword: '', newPassword: 'Correct Horse 9!', confirmPassword: 'Correct Horse 9!' };
    expect(keysOf(false, form)).toEqual([]);
    expect(keysOf(true, form)).toEqual([['oldPassword', 'validation.required']]);
  });

  it('wants 14 to 16 characters with a digit, both cases, a special character and a space', () => {
    const check = (newPassword: string) =>
      keysOf(false, { oldPassword: '', newPassword, confirmPassword: newPassword }).filter(([field]) => field === 'newPassword');
    expect(check('Ab1! xxxxxxxxx')).toEqual([]);
    expect(check('Ab1! xxxxxxxxxxx')).toEqual([]);
    expect(check('Ab1! xxxxxxxx')).toEqual([['newPassword', 'validation.eppPasswordWeak']]);
    expect(check('Ab12 xxxxxxxxxx')).toEqual([['newPassword', 'validation.eppPasswordWeak']]);
    expect(check('Ab1!xxxxxxxxxx')).toEqual([['newPassword', 'validation.eppPasswordWeak']]);
    expect(check('Ab1! xxxxxxxxxxxx')).toEqual([['newPassword', 'validation.maxLength']]);
  });

  it('wants the repeat to equal the new password', () => {
    expect(keysOf(false, { oldPassword: '', newPassword: 'Correct Horse 9!', confirmPassword: 'Correct Horse 8!' })).toEqual([
      ['confirmPassword', 'validation.passwordMismatch'],
    ]);
  });
});
