import type { ApiRoute } from './route';

/** A shell word in single quotes, safe whatever it holds. */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The example's values with the TLD in place of `{tld}`. */
export function withTld<T>(value: T, tld: string): T {
  return JSON.parse(JSON.stringify(value ?? null).replaceAll('{tld}', tld)) as T;
}

/** The example's address: path parameters filled in, the query appended. */
export function exampleUrl(route: ApiRoute, serverUrl: string, tld: string): string {
  const example = withTld(route.example ?? {}, tld);
  const path = route.path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(example.params?.[name] ?? name));
  const query = new URLSearchParams(example.query ?? {}).toString();
  return `${serverUrl}${path}${query ? `?${query}` : ''}`;
}

/**
 * A curl command that calls the route with its example: with an API key where one may call it, else
 * with an access token; a CSV is saved under the name the server gives it.
 */
export function curlSample(route: ApiRoute, options: { serverUrl: string; tld: string; byApiKey: boolean }): string {
  const lines = [`curl --fail-with-body${route.method === 'GET' ? '' : ` -X ${route.method}`}`];
  if (route.access !== 'public') lines.push(`-H ${options.byApiKey ? '"Authorization: Bearer $RP_API_KEY"' : '"Authorization: Bearer $RP_ACCESS_TOKEN"'}`);
  const body = route.example?.body;
  if (body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `--data ${quoted(JSON.stringify(withTld(body, options.tld)))}`);
  if (route.answer.kind === 'csv') lines.push('-OJ');
  lines.push(quoted(exampleUrl(route, options.serverUrl, options.tld)));
  return lines.join(' \\\n  ');
}
