import type { RgpStatus } from '@registrar-panel/contract';
import type { DomainName } from './names';
import type { Random } from './random';
import { nouns } from './words';

const day = 86_400_000;
const year = 365 * day;

export interface DomainRecord {
  id: number;
  uLabel: string;
  aLabel: string;
  registrarHandle: string;
  registrantHandle: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
  expectedAvailableAt: Date | null;
  deletedAt: Date | null;
  transferredAt: Date | null;
  stateExpiresAt: Date | null;
  rgpStatus: RgpStatus | null;
  statuses: { status: string; reason: string | null }[];
  contacts: { role: 'ADMIN' | 'TECH'; handle: string }[];
  nameservers: { name: string; nameUnicode: string; ipAddresses: string[] }[];
  delegationSigners: { keyTag: number; algorithm: number; digestType: number; digest: string }[];
  transfers: { status: string; gaining: string; losing: string; requestedAt: Date; actedAt: Date | null }[];
  /** Renewals and restores that happened, for the billing history. */
  renewals: { at: Date; kind: 'AUTOMATIC' | 'EXPLICIT'; period: number }[];
  restoredAt: Date | null;
}

/** Everything a domain needs to know about its registrar and the others. */
export interface DomainContext {
  today: number;
  registrarHandle: string;
  registrarCreatedAt: number;
  /** Other registrars, the counterparties of transfers. */
  otherRegistrars: readonly string[];
  registrantHandle: string;
  /** A registrant that stayed with the previous registrar after a transfer (any registrar's contact). */
  foreignRegistrantHandle: string | null;
  staffHandles: readonly string[];
  dnsProviders: readonly string[];
}

/** The lifecycle situations a registration can be in, with how often each occurs. */
export const scenarios = {
  active: 54,
  clientLocked: 12,
  domainGuard: 2.5,
  serverLocked: 1.5,
  addPeriod: 2,
  renewPeriod: 1.5,
  autoRenewPeriod: 3,
  transferPeriod: 1.5,
  pendingTransfer: 1.5,
  inactive: 4,
  clientHold: 1.5,
  serverHold: 1,
  scheduledDeletion: 1,
  redemption: 1.5,
  pendingRestore: 0.5,
  pendingDelete: 1,
  ursLocked: 0.4,
  ursSuspended: 0.3,
  rejectedTransfer: 0.5,
} as const;
export type Scenario = keyof typeof scenarios;

/** Lifecycle statuses other than ok that a generated registration can be in. */
const lifecycleStatuses = ['inactive', 'pendingTransfer', 'redemption', 'pendingDelete', 'pendingRestore', 'ursLocked', 'ursSuspended'];

const clientLocks = ['clientTransferProhibited', 'clientUpdateProhibited', 'clientDeleteProhibited', 'clientRenewProhibited'] as const;

function between(random: Random, from: number, to: number): Date {
  return new Date(from + Math.floor(random.next() * Math.max(0, to - from)));
}

/** The first anniversary of `created` after `after`, as registrations renew yearly. */
function nextAnniversary(created: number, after: number): number {
  const years = Math.max(1, Math.ceil((after - created) / year));
  return created + years * year;
}

function ipv4(random: Random): string {
  return `${random.pick(['192.0.2', '198.51.100', '203.0.113'])}.${random.int(1, 254)}`;
}

function ipv6(random: Random): string {
  return `2001:db8:${random.hex(4).replace(/^0+/, '') || '0'}::${random.int(1, 255).toString(16)}`;
}

/** Two to four name servers: the hosting provider's, or the domain's own with IPv4 and IPv6 glue. */
function buildNameservers(random: Random, name: DomainName, providers: readonly string[]): DomainRecord['nameservers'] {
  const count = random.int(2, 4);
  if (random.chance(0.2)) {
    return Array.from({ length: count }, (_, i) => ({
      name: `ns${i + 1}.${name.aLabel}`,
      nameUnicode: `ns${i + 1}.${name.uLabel}`,
      ipAddresses: random.chance(0.7) ? [ipv4(random), ipv6(random)] : [ipv4(random)],
    }));
  }
  const provider = random.pick(providers);
  return Array.from({ length: count }, (_, i) => ({ name: `ns${i + 1}.${provider}`, nameUnicode: `ns${i + 1}.${provider}`, ipAddresses: [] }));
}

/** DNSSEC algorithms as often as they are seen in DS records: 13 ECDSA P-256, 8 RSA/SHA-256, 15 Ed25519, 14 ECDSA P-384. */
const dnssecAlgorithms = { '13': 55, '8': 30, '15': 10, '14': 5 } as const;

/** DS records with real algorithm and digest type numbers and digests of the right length. */
function buildDelegationSigners(random: Random): DomainRecord['delegationSigners'] {
  const algorithm = random.weighted(dnssecAlgorithms);
  const keyTag = random.int(1, 65535);
  const types = random.chance(0.3) ? [2, 4] : [random.chance(0.05) ? 1 : 2];
  return types.map((digestType) => ({
    keyTag,
    algorithm: Number(algorithm),
    digestType,
    digest: random.hex(digestType === 1 ? 40 : digestType === 2 ? 64 : 96).toUpperCase(),
  }));
}

/** Builds one registration in the given lifecycle situation, with dates that fit it. */
const transferScenarios: readonly Scenario[] = ['transferPeriod', 'pendingTransfer', 'rejectedTransfer'];

export function buildDomain(random: Random, id: number, name: DomainName, context: DomainContext, chosen: Scenario): DomainRecord {
  const { today } = context;
  // A registry of one registrar has nobody to transfer with: its transfer scenarios are plain registrations.
  const alone = context.otherRegistrars.length === 0;
  const scenario: Scenario = alone && transferScenarios.includes(chosen) ? 'active' : chosen;
  const earliest = Math.max(context.registrarCreatedAt, today - 15 * year);
  const latestUsualCreate = today - 10 * day;
  let created = between(random, earliest, latestUsualCreate).getTime();
  const statuses: DomainRecord['statuses'] = [];
  const transfers: DomainRecord['transfers'] = [];
  let rgpStatus: RgpStatus | null = null;
  let stateExpiresAt: Date | null = null;
  let deletedAt: Date | null = null;
  let expectedAvailableAt: Date | null = null;
  let transferredAt: Date | null = null;
  let restoredAt: Date | null = null;
  let withNameservers = true;
  const other = () => random.pick(context.otherRegistrars);
  const reason = (text: string) => (random.chance(0.8) ? text : null);

  let expiresAt = nextAnniversary(created, today);
  switch (scenario) {
    case 'active':
      if (random.chance(0.15)) statuses.push({ status: 'clientTransferProhibited', reason: null });
      break;
    case 'clientLocked':
      for (const lock of clientLocks) if (random.chance(lock === 'clientTransferProhibited' ? 0.9 : 0.35)) statuses.push({ status: lock, reason: null });
      break;
    case 'domainGuard':
      for (const lock of ['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited'])
        statuses.push({ status: lock, reason: reason('DOMAINGUARD protection') });
      if (random.chance(0.3)) statuses.push({ status: 'clientRenewProhibited', reason: null });
      break;
    case 'serverLocked':
      statuses.push({
        status: random.pick(['serverTransferProhibited', 'serverUpdateProhibited', 'serverRenewProhibited', 'serverDeleteProhibited']),
        reason: reason('Court order'),
      });
      break;
    case 'addPeriod':
      created = between(random, today - 4 * day, today - 60_000).getTime();
      expiresAt = created + year;
      rgpStatus = 'ADD_PERIOD';
      stateExpiresAt = new Date(created + 5 * day);
      break;
    case 'renewPeriod':
      rgpStatus = 'RENEW_PERIOD';
      {
        const renewedAt = between(random, today - 4 * day, today - 60_000);
        stateExpiresAt = new Date(renewedAt.getTime() + 5 * day);
        expiresAt += year;
      }
      break;
    case 'autoRenewPeriod': {
      // The registration reached its anniversary less than 45 days ago and renewed itself.
      const anniversary = today - random.int(1, 44) * day - random.int(0, 86_000) * 1000;
      const age = Math.max(1, Math.min(random.int(1, 10), Math.floor((anniversary - earliest) / year)));
      created = anniversary - age * year;
      expiresAt = anniversary + year;
      rgpStatus = 'AUTO_RENEW_PERIOD';
      stateExpiresAt = new Date(anniversary + 45 * day);
      break;
    }
    case 'transferPeriod':
      transferredAt = between(random, today - 4 * day, today - 60_000);
      transfers.push({
        status: random.chance(0.6) ? 'SERVER_APPROVED' : 'CLIENT_APPROVED',
        gaining: context.registrarHandle,
        losing: other(),
        requestedAt: new Date(transferredAt.getTime() - random.int(1, 5) * day),
        actedAt: transferredAt,
      });
      rgpStatus = 'TRANSFER_PERIOD';
      stateExpiresAt = new Date(transferredAt.getTime() + 5 * day);
      expiresAt += year;
      break;
    case 'pendingTransfer': {
      const requestedAt = between(random, today - 4 * day, today - 60_000);
      statuses.push({ status: 'pendingTransfer', reason: null });
      transfers.push({ status: 'PENDING', gaining: other(), losing: context.registrarHandle, requestedAt, actedAt: null });
      stateExpiresAt = new Date(requestedAt.getTime() + 5 * day);
      break;
    }
    case 'rejectedTransfer': {
      const requestedAt = between(random, today - 200 * day, today - 20 * day);
      transfers.push({
        status: random.pick(['CLIENT_REJECTED', 'CLIENT_CANCELLED']),
        gaining: other(),
        losing: context.registrarHandle,
        requestedAt,
        actedAt: new Date(requestedAt.getTime() + random.int(1, 4) * day),
      });
      break;
    }
    case 'inactive':
      statuses.push({ status: 'inactive', reason: null });
      withNameservers = false;
      break;
    case 'clientHold':
      statuses.push({ status: 'clientHold', reason: reason(random.pick(['Awaiting payment', 'Registrant verification pending'])) });
      break;
    case 'serverHold':
      statuses.push({ status: 'serverHold', reason: reason(random.pick(['Abuse investigation', 'Registrant data inaccurate', 'Phishing reported'])) });
      break;
    case 'scheduledDeletion':
      // The registrar asked to delete at expiry: the deletion date and the day the name frees up are known.
      deletedAt = new Date(expiresAt);
      expectedAvailableAt = new Date(expiresAt + 40 * day);
      statuses.push({ status: 'clientRenewProhibited', reason: null });
      break;
    case 'redemption':
    case 'pendingRestore':
    case 'pendingDelete': {
      const deleted = between(random, today - (scenario === 'pendingDelete' ? 34 : 28) * day, today - day).getTime();
      deletedAt = new Date(deleted);
      expiresAt = nextAnniversary(created, deleted);
      const redemptionEnd = deleted + 30 * day;
      expectedAvailableAt = new Date(redemptionEnd + 5 * day);
      if (scenario === 'redemption') {
        statuses.push({ status: 'redemption', reason: null });
        rgpStatus = 'REDEMPTION_PERIOD';
        stateExpiresAt = new Date(redemptionEnd);
      } else if (scenario === 'pendingRestore') {
        restoredAt = between(random, Math.max(deleted, today - 6 * day), today - 60_000);
        statuses.push({ status: 'pendingRestore', reason: null });
        rgpStatus = 'PENDING_RESTORE';
        stateExpiresAt = new Date(restoredAt.getTime() + 7 * day);
      } else {
        statuses.push({ status: 'pendingDelete', reason: null });
        rgpStatus = 'PENDING_DELETE';
        stateExpiresAt = new Date(Math.max(redemptionEnd, today + day));
        expectedAvailableAt = new Date(stateExpiresAt.getTime() + day);
      }
      withNameservers = scenario !== 'pendingDelete' && random.chance(0.3);
      break;
    }
    case 'ursLocked':
      statuses.push({ status: 'ursLocked', reason: reason('URS complaint filed') });
      // Locks that the URS lock hides on the registration view.
      statuses.push(
        { status: 'serverTransferProhibited', reason: null },
        { status: 'serverUpdateProhibited', reason: null },
        { status: 'serverDeleteProhibited', reason: null },
      );
      if (random.chance(0.5)) statuses.push({ status: 'clientTransferProhibited', reason: null });
      break;
    case 'ursSuspended':
      statuses.push({ status: 'ursSuspended', reason: reason('URS determination in favour of the complainant') });
      statuses.push(
        { status: 'serverHold', reason: null },
        { status: 'serverRenewProhibited', reason: null },
        { status: 'serverTransferProhibited', reason: null },
      );
      break;
  }
  // Every registration carries one lifecycle status; locks and holds come on top of 'ok'.
  if (!statuses.some((s) => lifecycleStatuses.includes(s.status))) statuses.unshift({ status: 'ok', reason: null });

  // A third of older registrations came in by transfer some time after their creation.
  const sponsoredUntil = Math.min(today, deletedAt?.getTime() ?? today);
  if (!alone && transferredAt === null && scenario !== 'addPeriod' && random.chance(0.3) && sponsoredUntil - created > 2 * year) {
    const at = between(random, created + year, sponsoredUntil - 30 * day);
    transferredAt = at;
    transfers.unshift({
      status: random.chance(0.7) ? 'SERVER_APPROVED' : 'CLIENT_APPROVED',
      gaining: context.registrarHandle,
      losing: other(),
      requestedAt: new Date(at.getTime() - random.int(1, 5) * day),
      actedAt: at,
    });
  }

  const renewals: DomainRecord['renewals'] = [];
  for (let at = created + year; at <= Math.min(expiresAt - year, today); at += year) {
    renewals.push({ at: new Date(at - (random.chance(0.2) ? random.int(1, 60) * day : 0)), kind: random.chance(0.85) ? 'AUTOMATIC' : 'EXPLICIT', period: 1 });
  }
  if (scenario === 'redemption' && random.chance(0.2)) restoredAt = null;

  const nameservers = withNameservers ? buildNameservers(random, name, context.dnsProviders) : [];
  const updatedAt = random.chance(0.3) ? created : between(random, Math.max(created, transferredAt?.getTime() ?? 0), today - 60_000).getTime();
  const contacts: DomainRecord['contacts'] = [];
  const staff = context.staffHandles;
  if (staff.length > 0) {
    if (random.chance(0.7)) contacts.push({ role: 'ADMIN', handle: random.pick(staff) });
    contacts.push({ role: 'TECH', handle: random.pick(staff) });
    if (random.chance(0.1)) {
      const second = random.pick(staff);
      if (!contacts.some((c) => c.role === 'TECH' && c.handle === second)) contacts.push({ role: 'TECH', handle: second });
    }
  }
  return {
    id,
    uLabel: name.uLabel,
    aLabel: name.aLabel,
    registrarHandle: context.registrarHandle,
    registrantHandle: transferredAt && context.foreignRegistrantHandle ? context.foreignRegistrantHandle : context.registrantHandle,
    createdAt: new Date(created),
    updatedAt: new Date(
      Math.max(updatedAt, transferredAt?.getTime() ?? 0, restoredAt?.getTime() ?? 0, deletedAt && deletedAt.getTime() < today ? deletedAt.getTime() : 0),
    ),
    expiresAt: new Date(expiresAt),
    expectedAvailableAt,
    deletedAt,
    transferredAt,
    stateExpiresAt,
    rgpStatus,
    statuses,
    contacts,
    nameservers,
    delegationSigners: nameservers.length > 0 && random.chance(0.35) ? buildDelegationSigners(random) : [],
    transfers,
    renewals,
    restoredAt,
  };
}

/** Hosting providers whose name servers a registrar's customers use. */
export function dnsProvidersFor(random: Random, tld: string): string[] {
  return Array.from(
    { length: random.int(1, 3) },
    () => `${random.pick(nouns)}${random.pick(['dns', 'hosting', 'cloud', 'host'])}.${random.pick(['net', 'eu', 'com', tld])}`,
  );
}
