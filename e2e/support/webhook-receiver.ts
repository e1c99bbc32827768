import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface WebhookArrival {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** Its address on loopback, ending in the path given. */
  url: string;
  /** Every request received, in order. */
  arrivals: WebhookArrival[];
  close: () => Promise<void>;
}

/** A registrar's system on this machine: takes every POST and answers 204 (plain http to loopback: the demo allows it). */
export async function startWebhookReceiver(path: string): Promise<WebhookReceiver> {
  const arrivals: WebhookArrival[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      arrivals.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An arrival's event as the Standard Webhooks library (not ours) verifies it with the endpoint's secret; it throws when the signature is wrong. */
export function verifiedEvent(arrival: WebhookArrival, secret: string): unknown {
  return new Webhook(secret).verify(arrival.body, {
    'webhook-id': String(arrival.headers['webhook-id']),
    'webhook-timestamp': String(arrival.headers['webhook-timestamp']),
    'webhook-signature': String(arrival.headers['webhook-signature']),
  });
}
