import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OperationId } from './operations';
import { routeErrors } from './route-errors';
import { apiRoutes } from './routes';
import { handledKeysOf, webHandledKeys, type HandledKey } from './web-handled-keys';

describe("the web's handled message keys", () => {
  it("marks only keys the route can answer (its failures' keys, or its answer's notices), each once", () => {
    for (const route of apiRoutes) {
      const possible = new Set([...routeErrors(route).values()].flat());
      if (route.answer.kind === 'json') for (const key of route.answer.messages ?? []) possible.add(key);
      const marked = handledKeysOf(route.operationId as OperationId);
      for (const key of marked) expect(possible, `${route.operationId} marks ${key}`).toContain(key);
      expect(new Set(marked).size, route.operationId).toBe(marked.length);
    }
  });

  it("keeps the spec's three as section 8 says, and leaves every other key of those routes alerted", () => {
    expect(webHandledKeys.changeEppPassword).toEqual({ field: ['unsafe.password'] });
    expect(webHandledKeys.searchRegistrations.field).toContain('search.domain.name.empty.input');
    expect(webHandledKeys.getTransfer).toEqual({ ignored: ['no.transfer.history'] });
    expect(handledKeysOf('changeEppPassword')).not.toContain('epp.password.wrong');
    expect(handledKeysOf('listUsers')).toEqual([]);
    expectTypeOf<HandledKey<'changeEppPassword'>>().toEqualTypeOf<'unsafe.password'>();
    expectTypeOf<HandledKey<'listUsers'>>().toEqualTypeOf<never>();
  });
});
