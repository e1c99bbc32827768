import { z } from 'zod';
import { eppConnectionOutcomes, eppRefusalReasons } from '../../epp-connections';

/* What `GET /services/registrar/epp/connections` answers in `data`: everything the EPP security page's connections section shows. */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });
const slot = z.enum(['primary', 'failover']);

const connection = z.object({
  at: timestamp,
  address: z.string().meta({ description: 'The source address, canonical (RFC 5952 for IPv6).' }),
  outcome: z.enum(eppConnectionOutcomes),
  reason: z.enum(eppRefusalReasons).nullable().meta({ description: 'Why it was refused; null for a success.' }),
  fingerprint: z.string().nullable().meta({ description: 'SHA-256 of the client certificate presented, lower-case hex.' }),
  slot: slot.nullable().meta({ description: 'The certificate slot that fingerprint is on file in now; null when none (or no certificate was presented).' }),
  addressAllowed: z.boolean().meta({ description: 'Whether the address is on the allow-list now.' }),
});

export const eppConnectionsAnswer = z.object({
  lastSuccess: connection.nullable().meta({ description: 'The last successful connection kept (events are kept for the retention period).' }),
  refused: z.array(connection).meta({ description: 'The last refused connections, newest first (at most 20).' }),
  addresses: z
    .array(
      z.object({
        address: z.string(),
        lastUsedAt: timestamp.nullable().meta({ description: 'The last successful connection from it; null when none is kept.' }),
        unused: z.boolean().meta({ description: 'No successful connection from it for 90 days.' }),
      }),
    )
    .meta({ description: 'The allow-list in its saved order, each address with its last use.' }),
  certificates: z
    .array(
      z.object({
        slot: slot.nullable().meta({ description: 'null: fingerprints that match no certificate on file now, taken together.' }),
        fingerprint: z.string().nullable().meta({ description: 'The certificate on file in the slot; null when the slot is empty.' }),
        lastUsedOn: z.string().nullable().meta({
          description:
            'The last Brussels day (YYYY-MM-DD) with a successful connection with it: within retention for a slot, within the 30 days for certificates no longer on file.',
        }),
        successes: z.number().int().meta({ description: 'Successful connections with it over the chart’s 30 days.' }),
        refused: z.number().int().meta({ description: 'Refused connections with it over the chart’s 30 days.' }),
      }),
    )
    .meta({ description: 'The primary and failover slots, then (when seen) certificates no longer on file.' }),
  days: z
    .array(z.object({ day: z.string().meta({ description: 'YYYY-MM-DD, Brussels.' }), successes: z.number().int(), refused: z.number().int() }))
    .meta({ description: 'Counts per Brussels day, the oldest of 30 days first, today last; days without connections count 0.' }),
});
export type EppConnectionsResponse = z.output<typeof eppConnectionsAnswer>;
