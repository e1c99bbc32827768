import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OperationId } from './operations';
import { routeErrors } from './route-errors';
import { apiRoutes, routeTable, type RouteOf } from './routes';
import { handledKeysOf, webHandledKeys, type HandledKey } from './web-handled-keys';

type EntryMarks<Id extends OperationId> = RouteOf<Id> extends { readonly webHandles: infer Marks } ? Marks : undefined;
type CopiedMarks<Id extends OperationId> = Id extends keyof typeof webHandledKeys ? (typeof webHandledKeys)[Id] : undefined;

describe("the web's handled message keys", () => {
  it('copies exactly what the route entries mark, for the web (types and values)', () => {
    expectTypeOf<{ [Id in OperationId]: CopiedMarks<Id> }>().toEqualTypeOf<{ [Id in OperationId]: EntryMarks<Id> }>();
    for (const route of routeTable) {
      const copy = (webHandledKeys as Partial<Record<OperationId, unknown>>)[route.operationId];
      expect(copy, route.operationId).toEqual('webHandles' in route ? route.webHandles : undefined);
    }
  });

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
