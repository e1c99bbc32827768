import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app';

/** A scrape as Prometheus makes it: from this machine unless told otherwise, with a token if given. */
export async function scrape(
  t: TestApp,
  options: { remoteAddress?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
}

/** The exposition text of a scrape from this machine. */
export async function exposition(t: TestApp): Promise<string> {
  const res = await scrape(t);
  if (res.statusCode !== 200) throw new Error(`scrape answered ${res.statusCode}`);
  return res.body;
}

/** The value of the sample `name{labels}` (labels in any order, all of them given), if the text has it. */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).sort();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]).sort();
    if (JSON.stringify(found) === JSON.stringify(wanted)) return Number(match[3]);
  }
  return undefined;
}
