import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ApiKeysResponse, CreatedUserResponse, UpdateUserInput } from '../index';
import type { updateUserSchema } from '../users';
import { operations } from './operations';
import { apiRoutes, routeTable } from './routes';
import type { JsonOperationId, RouteAnswer, RouteInput, RouteRequest } from './route-types';

describe('the route table by operation id', () => {
  it('takes every method and path from the operations map, each operation once', () => {
    expect(routeTable.map((route) => route.operationId).sort()).toEqual(Object.keys(operations).sort());
    for (const route of routeTable) expect({ method: route.method, path: route.path }).toEqual(operations[route.operationId]);
    expect(apiRoutes.length).toBe(routeTable.length);
  });

  it("types a handler's input and the web's request from the entry's schemas, and the answer from its answer schema", () => {
    expectTypeOf<RouteInput<'updateUser'>['params']>().toEqualTypeOf<{ username: string }>();
    expectTypeOf<RouteInput<'updateUser'>['body']>().toEqualTypeOf<z.output<typeof updateUserSchema>>();
    expectTypeOf<RouteRequest<'updateUser'>['body']>().toEqualTypeOf<UpdateUserInput>();
    expectTypeOf<RouteInput<'listUsers'>['body']>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteRequest<'createUser'>['query']>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteAnswer<'createUser'>>().toEqualTypeOf<CreatedUserResponse>();
    expectTypeOf<RouteAnswer<'listApiKeys'>>().toEqualTypeOf<ApiKeysResponse>();
    expectTypeOf<RouteAnswer<'deleteUser'>>().toEqualTypeOf<null>();
    expectTypeOf<'exportRegistrations'>().not.toExtend<JsonOperationId>();
    expectTypeOf<'searchRegistrations'>().toExtend<JsonOperationId>();
  });
});
