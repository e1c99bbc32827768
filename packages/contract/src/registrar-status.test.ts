import { describe, expect, it } from 'vitest';
import { apiRoutes, routeKey } from './api';
import { callRefusal, changesAllowedWhileSuspended } from './registrar-status';

describe('the registrar status rule', () => {
  it('names only change routes of the route table as allowed while suspended, and the table marks exactly those', () => {
    const changes = apiRoutes.filter((route) => route.method !== 'GET').map(routeKey);
    for (const call of changesAllowedWhileSuspended) expect(changes).toContain(call);
    expect(apiRoutes.filter((route) => route.allowedWhileSuspended).map(routeKey)).toEqual(
      apiRoutes.map(routeKey).filter((key) => (changesAllowedWhileSuspended as readonly string[]).includes(key)),
    );
  });

  it('refuses a suspended registrar every change but those listed, and no read', () => {
    expect(callRefusal('SUSPENDED', 'PUT /registrar')).toBe('registrar.suspended');
    expect(callRefusal('SUSPENDED', 'POST /users')).toBe('registrar.suspended');
    expect(callRefusal('SUSPENDED', 'DELETE /users/:username')).toBe('registrar.suspended');
    expect(callRefusal('SUSPENDED', 'DELETE /me/password')).toBeUndefined();
    expect(callRefusal('SUSPENDED', 'DELETE /apiKeys/:id')).toBeUndefined();
    expect(callRefusal('SUSPENDED', 'GET /registrar')).toBeUndefined();
  });

  it('allows every call to INITIAL and ACTIVE, none to BLOCKED, DELETED or a status it does not know', () => {
    for (const status of ['INITIAL', 'ACTIVE']) expect(callRefusal(status, 'PUT /registrar/epp/ip')).toBeUndefined();
    for (const status of ['BLOCKED', 'DELETED', 'PAUSED']) expect(callRefusal(status, 'GET /registrar')).toBe('registrar.accessBlocked');
  });
});
