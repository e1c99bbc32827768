import type { EppRefusalReason } from '@registrar-panel/contract';
import type { RegistryGenerator } from './generate';
import { randomFor, streams, type Random } from './random';

/*
 * What the registry's EPP server reports of each generated registrar's connections over the last
 * five weeks, for the demo's EPP security page: daily successes from its two office addresses with
 * its primary certificate, a few session and rate limits, a bad-password streak two days ago, an
 * old certificate tried ten days ago, and, most recently, attempts from an address that is not on
 * its allow-list. Connection events are a log, sent after the snapshot (docs/registry-feed.md).
 */

const hour = 3_600_000;
const day = 24 * hour;

interface Event {
  at: number;
  registrar: string;
  address: string;
  outcome: 'success' | 'refused';
  reason?: EppRefusalReason;
  fingerprint?: string;
}

/** The office addresses of the registrar at `index`: documentation ranges, one IPv4 and one IPv6. */
export function officeAddresses(index: number): [string, string] {
  return [`192.0.2.${10 + index}`, `2001:db8:${index + 1}::10`];
}

/** The address the demo's latest refusals come from: not on any list. */
export const strangerAddress = '203.0.113.7';

function registrarEvents(random: Random, index: number, handle: string, today: number, primaryOnFile: string | undefined): Event[] {
  const [office, officeV6] = officeAddresses(index);
  // Drawn either way, so that a certificate on file changes no other generated value.
  const generatedPrimary = random.hex(64);
  const primary = primaryOnFile ?? generatedPrimary;
  const retired = random.hex(64);
  const events: Event[] = [];
  const at = (dayOffset: number, withinMs: number) => today - dayOffset * day + withinMs;
  const success = (when: number, address = office) => events.push({ at: when, registrar: handle, address, outcome: 'success', fingerprint: primary });
  const refused = (when: number, reason: EppRefusalReason, address = office, fingerprint: string | undefined = primary) =>
    events.push({ at: when, registrar: handle, address, outcome: 'refused', reason, ...(fingerprint ? { fingerprint } : {}) });

  for (let d = 34; d >= 0; d--) {
    const working = (new Date(today - d * day).getUTCDay() + 6) % 7 < 5;
    const count = working ? random.int(6, 14) : random.int(1, 4);
    // The IPv6 office address stopped being used five weeks ago: only the IPv4 one connects since.
    for (let i = 0; i < count; i++) success(at(d, random.int(6 * hour, 19 * hour)), d > 30 && random.chance(0.5) ? officeV6 : office);
    if (random.chance(0.15)) refused(at(d, random.int(9 * hour, 17 * hour)), 'sessionLimit');
    if (random.chance(0.08)) refused(at(d, random.int(9 * hour, 17 * hour)), 'rateLimited');
  }
  for (let i = 0; i < 3; i++) refused(at(10, 10 * hour + i * 60_000), 'badCertificate', office, retired);
  for (let i = 0; i < 6; i++) refused(at(2, 14 * hour + i * 90_000), 'badPassword');
  for (let i = 0; i < 4; i++) refused(at(1, 20 * hour + i * 15 * 60_000), 'addressNotAllowed', strangerAddress);
  return events;
}

/** The generated registrars' connection events, oldest first, as feed lines numbered from `firstSeq`. */
export function* connectionLines(
  generator: RegistryGenerator,
  { seed, today, primaryFingerprints = {} }: { seed: number; today: number; primaryFingerprints?: Readonly<Record<string, string>> },
  firstSeq: number,
): Generator<Record<string, unknown>> {
  const events = generator.registrars
    .flatMap((r, index) => {
      const random = randomFor(seed, streams.eppConnection, index);
      if (r.status === 'ACTIVE') return registrarEvents(random, index, r.handle, today, primaryFingerprints[r.handle]);
      // A blocked registrar's software keeps trying, and is refused.
      if (r.status === 'BLOCKED') {
        return Array.from({ length: 5 }, (_, i): Event => ({
          at: today - (i + 1) * day + 9 * hour,
          registrar: r.handle,
          address: officeAddresses(index)[0],
          outcome: 'refused',
          reason: 'registrarBlocked',
        }));
      }
      return [];
    })
    // A generator asked for a day ahead of the clock writes no connection that has not happened yet.
    .filter((e) => e.at <= Date.now())
    .sort((a, b) => a.at - b.at);
  let seq = firstSeq;
  let id = 0;
  for (const e of events) {
    yield { seq: seq++, type: 'eppConnection', op: 'upsert', data: { id: ++id, ...e, at: new Date(e.at).toISOString() } };
  }
}
