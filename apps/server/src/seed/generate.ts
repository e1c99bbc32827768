import type { BillingEventRecord } from './billing';
import { billingEventsFor } from './billing';
import { buildContact, contactHandle, type ContactRecord } from './contacts';
import { buildDomain, dnsProvidersFor, scenarios, type DomainRecord } from './domain-records';
import { NameRegistry, nextDomainName } from './names';
import { buildRegistrar, type RegistrarRow } from './registrars';
import { Random, mixSeed, randomFor, streams } from './random';

export interface GenerateOptions {
  seed: number;
  /** Domains per registrar, in registrar order (the first three are acme, globex and icannsla). */
  quotas: readonly number[];
  /** The reference instant: every generated event lies before it. */
  today: number;
  tld: string;
  /** The first domain id (ids are given here so that child rows can refer to them). */
  firstDomainId?: number;
}

/**
 * How many domains each registrar holds: the first holds max(1/R, 1/7) of them (one registrar with
 * a million among seven million at full scale), the others share the rest in a long tail.
 */
export function domainQuotas(domains: number, registrars: number): number[] {
  if (registrars <= 1) return [domains];
  const first = Math.round(domains * Math.max(1 / registrars, 1 / 7));
  const weights = Array.from({ length: registrars - 1 }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const rest = weights.map((w) => Math.floor(((domains - first) * w) / total));
  rest[0]! += domains - first - rest.reduce((sum, n) => sum + n, 0);
  return [first, ...rest];
}

interface ContactRange {
  start: number;
  registrants: number;
  staff: number;
}

export interface RegistryBatch {
  contacts: ContactRecord[];
  domains: DomainRecord[];
  billingEvents: BillingEventRecord[];
}

/** The plan of a generated registry: registrars, their domain counts and their contact ranges. */
export class RegistryGenerator {
  readonly registrars: RegistrarRow[];
  readonly totalDomains: number;
  readonly totalContacts: number;
  private readonly ranges: ContactRange[];

  constructor(private readonly options: GenerateOptions) {
    this.registrars = options.quotas.map((_, index) => buildRegistrar(index, options.seed, options.today));
    this.totalDomains = options.quotas.reduce((sum, n) => sum + n, 0);
    let start = 0;
    this.ranges = options.quotas.map((quota) => {
      const range = { start, registrants: Math.max(3, Math.ceil(quota * 0.45)), staff: Math.min(25, Math.max(2, Math.ceil(quota / 2000))) };
      start += range.registrants + range.staff;
      return range;
    });
    this.totalContacts = start;
  }

  /** Contacts first (domains refer to them), in batches. */
  *contactBatches(size: number): Generator<ContactRecord[]> {
    let batch: ContactRecord[] = [];
    for (const [r, range] of this.ranges.entries()) {
      const registrar = this.registrars[r]!;
      const from = registrar.createdAt.getTime();
      for (let i = 0; i < range.registrants + range.staff; i++) {
        const index = range.start + i;
        const random = randomFor(this.options.seed, streams.contact, index);
        const isStaff = i >= range.registrants;
        const createdAt = new Date(from + Math.floor(random.next() * (this.options.today - 86_400_000 - from)));
        const kind = isStaff ? 'staff' : random.chance(0.45) ? 'organisation' : 'person';
        batch.push(buildContact(random, index, registrar.handle, kind, createdAt, isStaff ? registrar.mainContact.address.countryCode : undefined));
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length > 0) yield batch;
  }

  /** Which registrar sponsors each domain: exact quotas, interleaved the way registrations arrive. */
  private assignment(): Uint16Array {
    const owners = new Uint16Array(this.totalDomains);
    let at = 0;
    this.options.quotas.forEach((quota, r) => {
      owners.fill(r, at, at + quota);
      at += quota;
    });
    const random = new Random(mixSeed(this.options.seed, streams.shuffle));
    for (let i = owners.length - 1; i > 0; i--) {
      const j = Math.floor(random.next() * (i + 1));
      const swap = owners[i]!;
      owners[i] = owners[j]!;
      owners[j] = swap;
    }
    return owners;
  }

  /** Domains with their statuses, contacts, name servers, keys, transfers and billing history. */
  *domainBatches(size: number): Generator<RegistryBatch> {
    const { seed, today, tld } = this.options;
    const owners = this.assignment();
    const names = new NameRegistry(this.totalDomains);
    const handles = this.registrars.map((r) => r.handle);
    const others = handles.map((own) => handles.filter((h) => h !== own));
    const providers = this.registrars.map((_, r) => dnsProvidersFor(new Random(mixSeed(seed, streams.registrar, r, 2)), tld));
    const staff = this.ranges.map((range) => Array.from({ length: range.staff }, (_, s) => contactHandle(range.start + range.registrants + s)));
    const firstId = this.options.firstDomainId ?? 1;
    let batch: RegistryBatch = { contacts: [], domains: [], billingEvents: [] };
    for (let i = 0; i < this.totalDomains; i++) {
      const r = owners[i]!;
      const registrar = this.registrars[r]!;
      const range = this.ranges[r]!;
      const random = randomFor(seed, streams.domain, i);
      const name = nextDomainName(randomFor(seed, streams.name, i), names, tld);
      const foreign = this.ranges.length > 1 && random.chance(0.3) ? this.ranges[(r + random.int(1, this.ranges.length - 1)) % this.ranges.length]! : null;
      const domain = buildDomain(
        random,
        firstId + i,
        name,
        {
          today,
          registrarHandle: registrar.handle,
          registrarCreatedAt: registrar.createdAt.getTime(),
          otherRegistrars: others[r]!,
          registrantHandle: contactHandle(range.start + random.int(0, range.registrants - 1)),
          foreignRegistrantHandle: foreign ? contactHandle(foreign.start + random.int(0, foreign.registrants - 1)) : null,
          staffHandles: staff[r]!,
          dnsProviders: providers[r]!,
        },
        random.weighted(scenarios),
      );
      batch.domains.push(domain);
      batch.billingEvents.push(...billingEventsFor(randomFor(seed, streams.billing, i), domain, tld));
      if (batch.domains.length >= size) {
        yield batch;
        batch = { contacts: [], domains: [], billingEvents: [] };
      }
    }
    if (batch.domains.length > 0) yield batch;
  }
}
