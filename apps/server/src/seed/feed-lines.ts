import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Progress } from '../lib/progress';
import type { ContactRecord } from './contacts';
import type { DomainRecord } from './domain-records';
import type { BillingEventRecord } from './billing';
import type { RegistryGenerator } from './generate';
import type { RegistrarRow } from './registrars';
import { connectionLines } from './epp-connections';
import { messageLines } from './registry-messages';

/*
 * The generated registry as the registry's feed writes it (docs/registry-feed.md): a snapshot of
 * registrars, their protected-transaction counters, contacts, registrations with their transfers
 * and billing events, then (registryLines) its EPP connection events. The demo, the benchmarks and `npm run seed` all load it through the importer,
 * the path a registry's own data takes; `npm run seed -- --out FILE` writes it as NDJSON.
 */

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function registrarLine(r: RegistrarRow) {
  return {
    type: 'registrar',
    op: 'upsert',
    data: {
      handle: r.handle,
      ianaId: r.ianaId ?? null,
      status: r.status,
      createdAt: iso(r.createdAt),
      activatedAt: iso(r.activatedAt),
      mainContact: r.mainContact,
      publicContact: r.publicContact,
      techContact: r.techContact,
      adminContact: r.adminContact,
      abuseContact: r.abuseContact,
    },
  };
}

function contactLine(c: ContactRecord) {
  return {
    type: 'contact',
    op: 'upsert',
    data: {
      handle: c.handle,
      roid: c.roid,
      registrar: c.registrarHandle,
      name: c.name,
      organization: c.organization,
      phone: c.phone,
      fax: c.fax,
      email: c.email,
      emailUnicode: c.emailUnicode,
      address: {
        street: c.street,
        street2: c.street2,
        street3: c.street3,
        postalCode: c.postalCode,
        city: c.city,
        region: c.region,
        countryCode: c.countryCode,
      },
      createdAt: iso(c.createdAt),
    },
  };
}

export function domainLine(d: DomainRecord) {
  return {
    type: 'domain',
    op: 'upsert',
    data: {
      id: d.id,
      name: d.uLabel,
      aLabel: d.aLabel,
      registrar: d.registrarHandle,
      registrant: d.registrantHandle,
      createdAt: iso(d.createdAt),
      updatedAt: iso(d.updatedAt),
      expiresAt: iso(d.expiresAt),
      expectedAvailableAt: iso(d.expectedAvailableAt),
      deletedAt: iso(d.deletedAt),
      transferredAt: iso(d.transferredAt),
      stateExpiresAt: iso(d.stateExpiresAt),
      rgpStatus: d.rgpStatus,
      statuses: d.statuses,
      contacts: d.contacts,
      nameservers: d.nameservers,
      delegationSigners: d.delegationSigners,
    },
  };
}

function billingLine(id: number, e: BillingEventRecord) {
  return {
    type: 'billingEvent',
    op: 'upsert',
    data: {
      id,
      registrar: e.registrarHandle,
      at: iso(e.eventAt),
      type: e.eventType,
      subtype: e.eventSubtype,
      period: e.period,
      subject: e.subject,
      svTrid: e.svTrid,
    },
  };
}

/** The generated registry as one snapshot, lines numbered from `firstSeq`. */
export function* snapshotLines(generator: RegistryGenerator, firstSeq = 1): Generator<Record<string, unknown>> {
  let seq = firstSeq;
  let transferId = 0;
  let billingId = 0;
  yield { seq: seq++, type: 'snapshot', op: 'begin' };
  for (const r of generator.registrars) {
    yield { seq: seq++, ...registrarLine(r) };
    yield {
      seq: seq++,
      type: 'protectedTransactions',
      op: 'upsert',
      data: { registrar: r.handle, threshold: r.protectedTxThreshold ?? 0, count: r.protectedTxCount ?? 0, periodEnd: iso(r.protectedTxPeriodEnd) },
    };
  }
  for (const batch of generator.contactBatches(10_000)) for (const c of batch) yield { seq: seq++, ...contactLine(c) };
  for (const batch of generator.domainBatches(10_000)) {
    for (const d of batch.domains) yield { seq: seq++, ...domainLine(d) };
    for (const d of batch.domains) {
      for (const t of d.transfers) {
        yield {
          seq: seq++,
          type: 'transfer',
          op: 'upsert',
          data: {
            id: ++transferId,
            domain: d.id,
            status: t.status,
            gaining: t.gaining,
            losing: t.losing,
            requestedAt: iso(t.requestedAt),
            actedAt: iso(t.actedAt),
          },
        };
      }
    }
    for (const e of batch.billingEvents) yield { seq: seq++, ...billingLine(++billingId, e) };
  }
  yield { seq: seq++, type: 'snapshot', op: 'end' };
}

/** The generated registry's snapshot, then its EPP connection events and its messages (logs, which no snapshot holds). */
export function* registryLines(
  generator: RegistryGenerator,
  options: { seed: number; today: number; primaryFingerprints?: Readonly<Record<string, string>> },
): Generator<Record<string, unknown>> {
  let lastSeq = 0;
  // A few registrations of each registrar, for its messages to be about.
  const names = new Map<string, string[]>();
  for (const line of snapshotLines(generator)) {
    lastSeq = line.seq as number;
    if (line.type === 'domain') {
      const data = line.data as { name: string; registrar: string; deletedAt?: string | null };
      const own = names.get(data.registrar) ?? [];
      if (own.length < 12 && !data.deletedAt) names.set(data.registrar, [...own, data.name]);
    }
    yield line;
  }
  for (const line of connectionLines(generator, options, lastSeq + 1)) {
    lastSeq = line.seq as number;
    yield line;
  }
  yield* messageLines(generator, options, names, lastSeq + 1);
}

/**
 * Writes feed lines to a file as NDJSON, a megabyte at a time, with a progress bar counting the
 * lines `counts` says count (the generator's domains, say) up to `total`.
 */
export async function writeFeedFile(
  path: string,
  lines: Iterable<Record<string, unknown>>,
  progress: { label: string; total: number; counts?: (line: Record<string, unknown>) => boolean },
): Promise<void> {
  const out = createWriteStream(path);
  const bar = new Progress(progress.label, progress.total);
  let buffered = '';
  for (const line of lines) {
    buffered += `${JSON.stringify(line)}\n`;
    if (progress.counts?.(line) ?? true) bar.advance(1);
    if (buffered.length > 1 << 20) {
      if (!out.write(buffered)) await once(out, 'drain');
      buffered = '';
    }
  }
  out.end(buffered);
  await once(out, 'finish');
  bar.finish();
}
