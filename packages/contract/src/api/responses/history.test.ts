import { describe, expect, expectTypeOf, it } from 'vitest';
import { auditActions } from '../../history';
import { auditDetailsSchemas, type AuditDetails } from './history';

describe("the audit actions' details", () => {
  it('have one shape per action, and a wrong shape does not compile', () => {
    expect(Object.keys(auditDetailsSchemas).sort()).toEqual([...auditActions].sort());
    expectTypeOf<AuditDetails['epp.password.update']>().toEqualTypeOf<{ firstTime: boolean }>();
    // @ts-expect-error: a contact change's version is the registrar's version number, not text.
    const wrongVersion: AuditDetails['registrar.techContact.update'] = { contact: 'techContact', changes: [], version: '3' };
    // @ts-expect-error: the EPP password's details never hold the password.
    const withPassword: AuditDetails['epp.password.update'] = { firstTime: true, password: 'secret' };
    expect(auditDetailsSchemas['registrar.techContact.update'].safeParse(wrongVersion).success).toBe(false);
    expect(auditDetailsSchemas['epp.password.update'].parse(withPassword)).toEqual({ firstTime: true });
  });
});
