import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { routes } from './router';

/** The path pattern of the deepest route with a path an address reaches ('*' when no page has it). */
function pageOf(address: string): string | undefined {
  return matchRoutes(routes, address)
    ?.filter((match) => match.route.path !== undefined)
    .at(-1)?.route.path;
}

describe('the route table', () => {
  it('has a page at every path the app links to, declared from lib/paths.ts', () => {
    for (const [name, path] of Object.entries(paths)) {
      const address = typeof path === 'string' ? path : path('x y/z');
      expect(pageOf(address), `${name}: ${address}`).toBe(typeof path === 'string' ? path : path.pattern);
    }
  });

  it('leaves an unknown address to the not-found page', () => {
    expect(pageOf('/registrar/nothing')).toBe('*');
  });
});
