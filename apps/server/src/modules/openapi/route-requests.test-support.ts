import type { ApiRoute } from '@registrar-panel/contract/api';

/** A request to one route of the table, as `app.inject()` takes it. */
export interface RouteRequest {
  method: ApiRoute['method'];
  url: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** The route's path parameters, in the order the path names them. */
export function pathParamsOf(route: Pick<ApiRoute, 'path'>): string[] {
  return [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/**
 * The request a route's `example` describes, under `/services`: its params in the path (URL-encoded,
 * `{tld}` filled in), its query and body; `params` overrides the example's. Throws when a path
 * parameter has no value: a route whose example cannot be built would otherwise test nothing.
 */
export function requestOf(route: ApiRoute, options: { tld: string; params?: Record<string, string> }): RouteRequest {
  const values = { ...route.example?.params, ...options.params };
  const url = `/services${route.path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: its example gives no value for :${name}`);
    return encodeURIComponent(value.replaceAll('{tld}', options.tld));
  })}`;
  return {
    method: route.method,
    url,
    ...(route.example?.query ? { query: route.example.query } : {}),
    ...(route.example?.body === undefined ? {} : { body: route.example.body }),
  };
}
