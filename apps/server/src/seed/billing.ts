import type { BillingEventType } from '@registrar-panel/contract';
import type { DomainRecord } from './domain-records';
import type { Random } from './random';

export interface BillingEventRecord {
  registrarHandle: string;
  eventAt: Date;
  eventType: BillingEventType;
  eventSubtype: string;
  period: number | null;
  subject: string;
  svTrid: string;
}

const day = 86_400_000;
const deletedStates: string[] = ['REDEMPTION_PERIOD', 'PENDING_RESTORE', 'PENDING_DELETE'];

function svTrid(random: Random, tld: string, at: Date): string {
  return `${tld.toUpperCase()}-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${random.hex(10)}`;
}

/** What the registrar was billed for this registration while it sponsored it. */
export function billingEventsFor(random: Random, domain: DomainRecord, tld: string): BillingEventRecord[] {
  const events: BillingEventRecord[] = [];
  const add = (eventAt: Date, eventType: BillingEventRecord['eventType'], eventSubtype: string, period: number | null) =>
    events.push({
      registrarHandle: domain.registrarHandle,
      eventAt,
      eventType,
      eventSubtype,
      period,
      subject: domain.uLabel,
      svTrid: svTrid(random, tld, eventAt),
    });
  const sponsoredSince = domain.transferredAt ?? domain.createdAt;
  if (domain.transferredAt) add(domain.transferredAt, 'TRANSFER', 'INBOUND', 1);
  else add(domain.createdAt, 'CREATE', 'REGISTRATION', 1);
  let lastRenewal: Date | null = null;
  for (const renewal of domain.renewals) {
    if (renewal.at <= sponsoredSince) continue;
    add(renewal.at, 'RENEW', renewal.kind, renewal.period);
    lastRenewal = renewal.at;
  }
  if (domain.deletedAt && lastRenewal && domain.deletedAt.getTime() - lastRenewal.getTime() < 45 * day && deletedStates.includes(domain.rgpStatus ?? '')) {
    add(domain.deletedAt, 'REFUND', 'AUTO_RENEW_GRACE', 1);
  }
  if (domain.restoredAt) add(domain.restoredAt, 'RESTORE', 'REDEMPTION', 1);
  return events;
}
