import { describe, expect, it } from 'vitest';
import { compareUsers, createUserSchema, userHistoryQuerySchema, type PanelUser } from './index';

const user = (name: string, roles: PanelUser['roles'], username = `${name.toLowerCase()}@acme`): PanelUser => ({
  username,
  name,
  email: 'x@acme.example',
  roles,
  awaitingActivation: false,
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
