import { brusselsDay, eppConnectionWindows, type EppConnectionsResponse, type EppRefusalReason } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { SignedInUser } from '../../plugins/auth';
import { findRegistrarEpp } from '../epp/epp.repository';
import {
  allowListWithLastUse,
  certificatesOnFile,
  dailyCounts,
  lastSuccessDays,
  latestConnections,
  type ConnectionRow,
  type DayCount,
} from './epp-connections.repository';

type Slot = 'primary' | 'failover';

/** The Brussels days of the chart, the oldest first, `today` last. */
export function chartDays(today: string, count: number = eppConnectionWindows.chartDays): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

function present(row: ConnectionRow, slotOf: Map<string, Slot>, allowed: Set<string>): EppConnectionsResponse['refused'][number] {
  return {
    at: row.at.toISOString(),
    address: row.address,
    outcome: row.outcome,
    reason: row.reason as EppRefusalReason | null,
    fingerprint: row.fingerprint,
    slot: row.fingerprint === null ? null : (slotOf.get(row.fingerprint) ?? null),
    addressAllowed: allowed.has(row.address),
  };
}

function perDay(days: string[], counts: DayCount[]): EppConnectionsResponse['days'] {
  const byDay = new Map(days.map((day) => [day, { day, successes: 0, refused: 0 }]));
  for (const c of counts) {
    const entry = byDay.get(c.day);
    if (!entry) continue;
    if (c.outcome === 'success') entry.successes += c.count;
    else entry.refused += c.count;
  }
  return [...byDay.values()];
}

/** Per slot, then the fingerprints no longer on file taken together (only when they were seen). */
function perCertificate(
  certificates: { slot: Slot; fingerprint: string }[],
  counts: DayCount[],
  lastDays: Map<string, string>,
): EppConnectionsResponse['certificates'] {
  const onFile = new Set(certificates.map((c) => c.fingerprint));
  const tally = (match: (fingerprint: string) => boolean) => {
    const mine = counts.filter((c) => c.fingerprint !== '' && match(c.fingerprint));
    const sum = (outcome: ConnectionRow['outcome']) => mine.filter((c) => c.outcome === outcome).reduce((total, c) => total + c.count, 0);
    return { successes: sum('success'), refused: sum('refused') };
  };
  const slots = (['primary', 'failover'] as const).map((slot) => {
    const fingerprint = certificates.find((c) => c.slot === slot)?.fingerprint ?? null;
    const counted = fingerprint === null ? { successes: 0, refused: 0 } : tally((f) => f === fingerprint);
    return { slot, fingerprint, lastUsedOn: fingerprint === null ? null : (lastDays.get(fingerprint) ?? null), ...counted };
  });
  const gone = tally((f) => !onFile.has(f));
  // Certificates no longer on file: their last use within the chart's days (they had no slot to keep it under).
  const goneLastDay =
    counts
      .filter((c) => c.outcome === 'success' && c.fingerprint !== '' && !onFile.has(c.fingerprint))
      .map((c) => c.day)
      .sort()
      .at(-1) ?? null;
  return gone.successes + gone.refused === 0 ? slots : [...slots, { slot: null, fingerprint: null, lastUsedOn: goneLastDay, ...gone }];
}

/** Everything the EPP security page shows of the caller's registrar's connections. */
export async function readEppConnections(db: Db, actor: SignedInUser, now = new Date()): Promise<EppConnectionsResponse> {
  const handle = actor.registrarHandle;
  if (!(await findRegistrarEpp(db, handle))) throw notFound();
  const days = chartDays(brusselsDay(now));
  // One after another: a request holds one connection at a time.
  const [lastSuccess] = await latestConnections(db, handle, 'success', 1);
  const refused = await latestConnections(db, handle, 'refused', eppConnectionWindows.refusedShown);
  const addresses = await allowListWithLastUse(db, handle);
  const certificates = await certificatesOnFile(db, handle);
  const counts = await dailyCounts(db, handle, days[0]!);
  const lastDays = await lastSuccessDays(
    db,
    handle,
    certificates.map((c) => c.fingerprint),
  );
  const slotOf = new Map(certificates.map((c) => [c.fingerprint, c.slot]));
  const allowed = new Set(addresses.map((a) => a.address));
  const unusedSince = now.getTime() - eppConnectionWindows.unusedDays * 86_400_000;
  return {
    lastSuccess: lastSuccess ? present(lastSuccess, slotOf, allowed) : null,
    refused: refused.map((row) => present(row, slotOf, allowed)),
    addresses: addresses.map(({ address, lastUsedAt }) => ({
      address,
      lastUsedAt: lastUsedAt?.toISOString() ?? null,
      unused: lastUsedAt === null || lastUsedAt.getTime() < unusedSince,
    })),
    certificates: perCertificate(certificates, counts, lastDays),
    days: perDay(days, counts),
  };
}
