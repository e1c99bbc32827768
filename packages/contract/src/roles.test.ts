import { describe, expect, it } from 'vitest';
import { panelRolesFromToken } from './index';

describe("roles from a token's realm_access.roles", () => {
  it('reads each lower-case role name of an array', () => {
    expect(panelRolesFromToken(['support', 'offline_access', 'admin'])).toEqual(['SUPPORT', 'ADMIN']);
  });

  it('gives no role for a string, even one that names a role', () => {
    expect(panelRolesFromToken('admin')).toEqual([]);
    expect(panelRolesFromToken('support tech admin')).toEqual([]);
  });

  it('matches each element exactly: no substring, no other case, no non-string', () => {
    expect(panelRolesFromToken(['admin-x', 'xadmin', 'ADMIN', 'Admin', ' admin'])).toEqual([]);
    expect(panelRolesFromToken([['admin'], { admin: true }, 1, null])).toEqual([]);
  });

  it('gives no role when the claim is missing or not an array', () => {
    expect(panelRolesFromToken(undefined)).toEqual([]);
    expect(panelRolesFromToken(null)).toEqual([]);
    expect(panelRolesFromToken({ 0: 'admin', length: 1 })).toEqual([]);
  });
});
