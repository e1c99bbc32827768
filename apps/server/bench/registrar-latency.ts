import autocannon from 'autocannon';

/** Latency of registrar data (ms) as a signed-in user sees it, and how many answers it got. */
export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
}

/**
 * Registrar data (GET /services/registrar) timed with 4 connections for `seconds`: the everyone-else
 * figure the flood benchmarks print alone (their floor) and during a flood.
 */
export async function registrarLatency(port: number, token: string, seconds: number): Promise<Latency> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/services/registrar`,
    connections: 4,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  const { p50, p90, p99, max } = result.latency;
  return { p50, p90, p99, max, requests: result.requests.total, non2xx: result.non2xx };
}
