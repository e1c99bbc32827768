import { describe, expect, it } from 'vitest';
import { accessEnded, brusselsDay, compareUsers, createUserSchema, formatDay, userAccessEndSchema, userHistoryQuerySchema, type PanelUser } from './index';

const user = (name: string, roles: PanelUser['roles'], username = `${name.toLowerCase()}@acme`): PanelUser => ({
  username,
  name,
  email: 'x@acme.example',
  roles,
  awaitingActivation: false,
  disabled: false,
  accessEnd: null,
  secondFactors: { totp: true, passkeys: 0 },
});

describe('the user list order', () => {
  it('puts administrators first, then sorts by name whatever the letter case', () => {
    const sorted = [user('zed', ['SUPPORT']), user('Yvonne', ['ADMIN']), user('anna', ['TECH']), user('Bert', []), user('Adam', ['ADMIN', 'SUPPORT'])].sort(
      compareUsers,
    );
    expect(sorted.map((u) => u.name)).toEqual(['Adam', 'Yvonne', 'anna', 'Bert', 'zed']);
  });
});

describe('the user form rules', () => {
  it.each(['bob', 'Bob_2', 'a-b', 'x'.repeat(200)])('accepts the username %s', (username) => {
    expect(createUserSchema.safeParse({ username, name: 'N', email: 'n@acme.example' }).success).toBe(true);
  });

  it.each([
    ['bob@acme', 'validation.username'],
    ['bo b', 'validation.username'],
    ['bøb', 'validation.username'],
    ['x'.repeat(201), 'validation.maxLength'],
    ['', 'validation.required'],
  ])('refuses the username %s with %s', (username, key) => {
    const result = createUserSchema.safeParse({ username, name: 'N', email: 'n@acme.example' });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(key);
  });

  it('gives no role when none is sent', () => {
    expect(createUserSchema.parse({ username: 'bob', name: 'N', email: 'n@acme.example' }).roles).toEqual([]);
  });
});

describe('the activity and login-attempt size', () => {
  const schema = userHistoryQuerySchema(5);
  it('defaults, reads query strings and caps at 50', () => {
    expect(schema.parse({}).size).toBe(5);
    expect(schema.parse({ size: '3' }).size).toBe(3);
    expect(schema.parse({ size: '5000' }).size).toBe(50);
  });

  it.each(['0', '-2', '1.5', 'many'])('refuses %s', (size) => {
    expect(schema.safeParse({ size }).success).toBe(false);
  });
});

describe('the access end day', () => {
  it('lasts to the end of the day in Brussels: refused from 00:00 the next day, summer and winter', () => {
    // 31 December 2026, 23:59 in Brussels (CET, UTC+1), and a minute later.
    expect(accessEnded('2026-12-31', new Date('2026-12-31T22:59:00Z'))).toBe(false);
    expect(accessEnded('2026-12-31', new Date('2026-12-31T23:00:00Z'))).toBe(true);
    // 30 June 2026 in summer time (CEST, UTC+2).
    expect(accessEnded('2026-06-30', new Date('2026-06-30T21:59:59Z'))).toBe(false);
    expect(accessEnded('2026-06-30', new Date('2026-06-30T22:00:00Z'))).toBe(true);
    expect(accessEnded(null, new Date('2100-01-01T00:00:00Z'))).toBe(false);
    expect(brusselsDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('is a real day from today on, or null', () => {
    const schema = userAccessEndSchema('2026-11-23');
    expect(schema.safeParse({ accessEnd: '2026-11-23' }).success).toBe(true);
    expect(schema.safeParse({ accessEnd: null }).success).toBe(true);
    for (const accessEnd of ['2026-11-22', '2027-02-29', '23/11/2026', '', 20261231, undefined]) {
      const result = schema.safeParse({ accessEnd });
      expect(result.success, String(accessEnd)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.accessEnd');
    }
  });

  it("shows in the portal's date style", () => {
    expect(formatDay('2026-12-31')).toBe('2026/12/31');
    expect(formatDay(null)).toBe('');
  });
});
