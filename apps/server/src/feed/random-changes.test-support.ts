import { domainToASCII, domainToUnicode } from 'node:url';
import type pg from 'pg';
import type { Random } from '../seed/random';
import { idnWords, nouns } from '../seed/words';
import { eppRefusalReasons, registrationMessageKinds, rgpStatuses } from '@registrar-panel/contract';

/** Statuses a registration's lifecycle is read from, and flags beside them (spec section 4). */
const lifecycleStatuses = ['ok', 'ok', 'ok', 'inactive', 'pendingTransfer', 'redemption', 'pendingDelete', 'pendingRestore', 'ursLocked', 'ursSuspended'];
const flagStatuses = [
  'clientHold',
  'serverHold',
  'clientTransferProhibited',
  'clientUpdateProhibited',
  'clientDeleteProhibited',
  'clientRenewProhibited',
  'serverTransferProhibited',
  'serverUpdateProhibited',
  'serverDeleteProhibited',
  'serverRenewProhibited',
  'pendingTransfer',
];
const contactsOf = (state: RegistryState, registrar: string) => state.contactsOf.get(registrar) ?? [];

/*
 * Random change sets of every kind, as a registry's feed would send them, for the exactness test
 * and `npm run bench:feed`: registrations created, updated, renamed, transferred and deleted,
 * contacts created and changed, billing events and counters. Each change is valid against the
 * state the earlier ones leave, which `RegistryState` follows.
 */

/** A registration as the feed writes it (the `data` of a domain line). */
export interface DomainDoc {
  id: number;
  name: string;
  aLabel: string;
  registrar: string;
  registrant: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  transferredAt: string | null;
  rgpStatus: string | null;
  statuses: { status: string; reason: string | null }[];
  contacts: { role: string; handle: string }[];
  nameservers: { name: string; nameUnicode: string; ipAddresses: string[] }[];
  delegationSigners: { keyTag: number; algorithm: number; digestType: number; digest: string }[];
}

export interface RegistryState {
  tld: string;
  registrars: string[];
  contactsOf: Map<string, string[]>;
  domains: Map<number, DomainDoc>;
  /** Every name in the database, also of registrations not loaded into `domains`. */
  names: Set<string>;
  nextDomainId: number;
  nextContact: number;
  nextTransferId: number;
  nextBillingId: number;
  nextConnectionId: number;
  /** EPP connection lines sent so far, some of which a registry's retry sends again. */
  connectionsSent: Record<string, unknown>[];
  nextMessageId: number;
  /** The registry's message lines sent so far (retries among them), and the ids removed since. */
  messagesSent: Record<string, unknown>[];
  messagesRemoved: Set<number>;
  /** Pending transfers by registration: the transfer's id and the gaining registrar. */
  pendingTransfers: Map<number, { id: number; gaining: string }>;
}

/**
 * Registrations as the feed writes them, read from `source` (a table or a subquery over `domains`,
 * with `params`): what an `upsert` of each must carry to leave it as it is.
 */
export async function readDomainDocs(db: Pick<pg.Pool, 'query'>, source: string, params: unknown[]): Promise<DomainDoc[]> {
  const { rows } = await db.query<{ doc: DomainDoc }>(
    `SELECT json_build_object(
       'id', d.id, 'name', d.u_label, 'aLabel', d.a_label, 'registrar', d.registrar_handle, 'registrant', d.registrant_handle,
       'createdAt', d.created_at, 'updatedAt', d.updated_at, 'expiresAt', d.expires_at, 'transferredAt', d.transferred_at, 'rgpStatus', d.rgp_status,
       'statuses', (SELECT coalesce(json_agg(json_build_object('status', s.status, 'reason', s.reason)), '[]') FROM domain_statuses s WHERE s.domain_id = d.id),
       'contacts', (SELECT coalesce(json_agg(json_build_object('role', c.role, 'handle', c.contact_handle)), '[]') FROM domain_contacts c WHERE c.domain_id = d.id),
       'nameservers', (SELECT coalesce(json_agg(json_build_object('name', n.name, 'nameUnicode', n.name_unicode, 'ipAddresses', n.ip_addresses) ORDER BY n.position), '[]')
                         FROM nameservers n WHERE n.domain_id = d.id),
       'delegationSigners', (SELECT coalesce(json_agg(json_build_object('keyTag', k.key_tag, 'algorithm', k.algorithm, 'digestType', k.digest_type, 'digest', k.digest)), '[]')
                               FROM delegation_signers k WHERE k.domain_id = d.id)) AS doc
       FROM ${source} d`,
    params,
  );
  return rows.map((r) => ({ ...r.doc, id: Number(r.doc.id) }));
}

/**
 * Reads the state changes are made against: registrars, contacts, and up to `sample` registrations
 * in full (all of them when omitted). Names of all registrations are read to keep new names free.
 */
export async function readRegistryState(pool: pg.Pool, tld: string, sample?: number): Promise<RegistryState> {
  const registrars = (await pool.query<{ handle: string }>(`SELECT handle FROM registrars ORDER BY handle`)).rows.map((r) => r.handle);
  const contactsOf = new Map<string, string[]>(registrars.map((r) => [r, []]));
  for (const row of (await pool.query<{ handle: string; registrar_handle: string }>('SELECT handle, registrar_handle FROM contacts')).rows) {
    contactsOf.get(row.registrar_handle)?.push(row.handle);
  }
  const docs = await readDomainDocs(
    pool,
    sample === undefined ? 'domains' : '(SELECT * FROM domains ORDER BY random() LIMIT $1)',
    sample === undefined ? [] : [sample],
  );
  const names = new Set((await pool.query<{ a_label: string }>('SELECT a_label FROM domains')).rows.map((r) => r.a_label));
  const [max] = (
    await pool.query<{ domain: string | null; transfer: string | null; billing: string | null; connection: string | null; message: string | null }>(
      `SELECT (SELECT max(id) FROM domains) AS domain, (SELECT max(id) FROM transfers) AS transfer, (SELECT max(id) FROM billing_events) AS billing,
              (SELECT max(id) FROM epp_connection_events) AS connection, (SELECT max(id) FROM registry_messages) AS message`,
    )
  ).rows;
  return {
    tld,
    registrars: registrars.filter((r) => (contactsOf.get(r)?.length ?? 0) > 0),
    contactsOf,
    domains: new Map(docs.map((doc) => [doc.id, doc])),
    names,
    nextDomainId: Number(max?.domain ?? 0) + 1,
    nextContact: 1,
    nextTransferId: Number(max?.transfer ?? 0) + 1,
    nextBillingId: Number(max?.billing ?? 0) + 1,
    nextConnectionId: Number(max?.connection ?? 0) + 1,
    connectionsSent: [],
    nextMessageId: Number(max?.message ?? 0) + 1,
    messagesSent: [],
    messagesRemoved: new Set(),
    pendingTransfers: new Map(
      (
        await pool.query<{ id: string; domain_id: string; gaining: string }>(
          `SELECT DISTINCT ON (domain_id) id, domain_id, gaining_registrar_handle AS gaining FROM transfers WHERE status = 'PENDING' ORDER BY domain_id, requested_at DESC, id DESC`,
        )
      ).rows.map((r) => [Number(r.domain_id), { id: Number(r.id), gaining: r.gaining }]),
    ),
  };
}

export const changeKinds = {
  create: 15,
  update: 25,
  rename: 10,
  transfer: 10,
  transferRequest: 6,
  delete: 10,
  contact: 10,
  billing: 15,
  counters: 5,
  connection: 10,
  message: 8,
} as const;
export type ChangeKind = keyof typeof changeKinds;

function freshName(state: RegistryState, random: Random): { name: string; aLabel: string } {
  for (;;) {
    const word = random.chance(0.1) ? random.pick(idnWords) : random.pick(nouns);
    const aLabel = domainToASCII(`${word}${random.pick(['', '-'])}${random.pick(nouns)}${random.int(1, 9999)}.${state.tld}`);
    // The feed carries the canonical Unicode form beside the A-label.
    if (aLabel !== '' && !state.names.has(aLabel)) return { name: domainToUnicode(aLabel), aLabel };
  }
}

/** Two name servers at hosts drawn from 99. */
function randomNameservers(random: Random): DomainDoc['nameservers'] {
  return [`ns1.host${random.int(1, 50)}.example`, `ns2.host${random.int(51, 99)}.example`].map((name) => ({ name, nameUnicode: name, ipAddresses: [] }));
}

/** A DS record of an ECDSA P-256 key with its SHA-256 digest, as most signed zones have. */
function randomDs(random: Random): DomainDoc['delegationSigners'][number] {
  const digest = Array.from({ length: 64 }, () => '0123456789ABCDEF'[random.int(0, 15)]).join('');
  return { keyTag: random.int(1, 65_535), algorithm: 13, digestType: 2, digest };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function pickDomain(state: RegistryState, random: Random, ids: number[]): DomainDoc | null {
  for (let tries = 0; tries < 10 && ids.length > 0; tries++) {
    const doc = state.domains.get(ids[random.int(0, ids.length - 1)]!);
    if (doc) return doc;
  }
  return null;
}

/**
 * `count` changes, each drawn from `kinds` by weight, valid against the state the earlier ones
 * leave (the state is updated as they are made). Lines carry no `seq`: the caller numbers them.
 */
export function* randomChanges(
  state: RegistryState,
  random: Random,
  count: number,
  kinds: Partial<Record<ChangeKind, number>> = changeKinds,
): Generator<Record<string, unknown>> {
  const ids = [...state.domains.keys()];
  const now = Date.now();
  const domainLine = (doc: DomainDoc) => ({ type: 'domain', op: 'upsert', data: doc });
  for (let made = 0; made < count;) {
    const kind = random.weighted(kinds as Record<ChangeKind, number>);
    const registrar = random.pick(state.registrars);
    const contacts = state.contactsOf.get(registrar)!;
    switch (kind) {
      case 'create': {
        const { name, aLabel } = freshName(state, random);
        const doc: DomainDoc = {
          id: state.nextDomainId++,
          name,
          aLabel,
          registrar,
          registrant: random.pick(contacts),
          createdAt: iso(now - random.int(0, 10_000) * 1000),
          updatedAt: iso(now),
          expiresAt: iso(now + 365 * 86_400_000),
          transferredAt: null,
          rgpStatus: 'ADD_PERIOD',
          statuses: [{ status: 'ok', reason: null }],
          contacts: [{ role: 'TECH', handle: random.pick(contacts) }],
          nameservers: randomNameservers(random),
          delegationSigners: [],
        };
        state.domains.set(doc.id, doc);
        state.names.add(aLabel);
        ids.push(doc.id);
        yield domainLine(doc);
        break;
      }
      case 'update': {
        const doc = pickDomain(state, random, ids);
        if (!doc) continue;
        // Statuses, grace state, registrant and expiry all move the portfolio's facets and counts.
        const statuses = random.chance(0.5)
          ? [{ status: 'ok', reason: null }]
          : [...new Set([random.pick(lifecycleStatuses), ...Array.from({ length: random.int(1, 4) }, () => random.pick(flagStatuses))])].map((status) => ({
              status,
              reason: null,
            }));
        const rgpStatus = random.chance(0.7) ? doc.rgpStatus : random.pick([null, ...rgpStatuses]);
        const registrant = random.chance(0.2) && contactsOf(state, doc.registrar).length > 0 ? random.pick(contactsOf(state, doc.registrar)) : doc.registrant;
        const expiresAt = random.chance(0.05) ? null : iso(now + random.int(-30, 700) * 86_400_000 + random.int(0, 86_399) * 1000);
        // A move to other hosts, and DNSSEC signed or unsigned: the name-server and DS rules' changes.
        const nameservers = random.chance(0.15) ? randomNameservers(random) : doc.nameservers;
        const delegationSigners = random.chance(0.1)
          ? doc.delegationSigners.length > 0 && random.chance(0.5)
            ? []
            : [randomDs(random)]
          : doc.delegationSigners;
        const next = { ...doc, updatedAt: iso(now), expiresAt, statuses, rgpStatus, registrant, nameservers, delegationSigners };
        state.domains.set(doc.id, next);
        yield domainLine(next);
        break;
      }
      case 'rename': {
        const doc = pickDomain(state, random, ids);
        if (!doc) continue;
        const { name, aLabel } = freshName(state, random);
        state.names.delete(doc.aLabel);
        state.names.add(aLabel);
        const next = { ...doc, name, aLabel, updatedAt: iso(now) };
        state.domains.set(doc.id, next);
        yield domainLine(next);
        break;
      }
      case 'transfer': {
        const doc = pickDomain(state, random, ids);
        const gaining = random.pick(state.registrars);
        if (!doc || gaining === doc.registrar) continue;
        const next = { ...doc, registrar: gaining, transferredAt: iso(now), updatedAt: iso(now), rgpStatus: 'TRANSFER_PERIOD' };
        state.domains.set(doc.id, next);
        yield domainLine(next);
        // A pending request is the transfer approved, whoever it named.
        const pending = state.pendingTransfers.get(doc.id);
        state.pendingTransfers.delete(doc.id);
        yield {
          type: 'transfer',
          op: 'upsert',
          data: {
            id: pending?.id ?? state.nextTransferId++,
            domain: doc.id,
            status: 'SERVER_APPROVED',
            gaining,
            losing: doc.registrar,
            requestedAt: iso(now - 5 * 86_400_000),
            actedAt: iso(now),
          },
        };
        made++;
        break;
      }
      case 'transferRequest': {
        // A transfer away requested: pending until approved (the 'transfer' kind) or the registration goes.
        const doc = pickDomain(state, random, ids);
        const gaining = random.pick(state.registrars);
        if (!doc || gaining === doc.registrar || state.pendingTransfers.has(doc.id)) continue;
        const id = state.nextTransferId++;
        state.pendingTransfers.set(doc.id, { id, gaining });
        yield {
          type: 'transfer',
          op: 'upsert',
          data: { id, domain: doc.id, status: 'PENDING', gaining, losing: doc.registrar, requestedAt: iso(now), actedAt: null },
        };
        break;
      }
      case 'delete': {
        const doc = pickDomain(state, random, ids);
        if (!doc) continue;
        state.pendingTransfers.delete(doc.id);
        state.domains.delete(doc.id);
        state.names.delete(doc.aLabel);
        yield { type: 'domain', op: 'delete', key: { id: doc.id } };
        break;
      }
      case 'contact': {
        const existing = random.chance(0.5) && contacts.length > 0;
        const handle = existing ? random.pick(contacts) : `f${state.nextContact++}x${random.int(100, 999)}`;
        if (!existing) contacts.push(handle);
        yield {
          type: 'contact',
          op: 'upsert',
          data: {
            handle,
            roid: `${handle.toUpperCase()}-REP`,
            registrar,
            name: `${random.pick(nouns)} ${random.pick(nouns)}`,
            email: `${random.pick(nouns)}@mail.example`,
            phone: `+32.${random.int(10_000_000, 99_999_999)}`,
            address: {
              street: `${random.pick(nouns)}straat ${random.int(1, 200)}`,
              postalCode: String(random.int(1000, 9999)),
              city: 'Gent',
              countryCode: 'BE',
            },
            createdAt: iso(now - 86_400_000),
          },
        };
        break;
      }
      case 'billing': {
        const doc = pickDomain(state, random, ids);
        if (!doc) continue;
        yield {
          type: 'billingEvent',
          op: 'upsert',
          data: {
            id: state.nextBillingId++,
            registrar: doc.registrar,
            at: iso(now),
            type: 'RENEW',
            subtype: 'EXPLICIT',
            period: 1,
            subject: doc.name,
            svTrid: `FEED-${random.hex(10)}`,
          },
        };
        break;
      }
      case 'connection': {
        // A registry's retry sends a line again now and then: it must change nothing.
        if (state.connectionsSent.length > 0 && random.chance(0.1)) {
          yield random.pick(state.connectionsSent);
          break;
        }
        const refused = random.chance(0.3);
        const line = {
          type: 'eppConnection',
          op: 'upsert',
          data: {
            id: state.nextConnectionId++,
            registrar,
            // Across Brussels days and months, so the daily counts and several partitions are exercised.
            at: iso(now - random.int(0, 60 * 86_400) * 1000),
            address: random.pick(['192.0.2.10', '198.51.100.4', '2001:db8::10', '203.0.113.7']),
            outcome: refused ? 'refused' : 'success',
            ...(refused ? { reason: random.pick(eppRefusalReasons) } : {}),
            ...(random.chance(0.8) ? { fingerprint: random.pick(['ab', 'cd', 'ef']).repeat(32) } : {}),
          },
        };
        state.connectionsSent.push(line);
        yield line;
        break;
      }
      case 'message': {
        // A registry's retry sends a line again now and then (it changes nothing); now and then it removes one.
        if (state.messagesSent.length > 0 && random.chance(0.15)) {
          const sent = random.pick(state.messagesSent);
          const id = (sent.data as { id: number }).id;
          if (random.chance(0.5)) yield sent;
          else {
            state.messagesRemoved.add(id);
            yield { type: 'message', op: 'delete', key: { id } };
          }
          break;
        }
        const doc = random.chance(0.9) ? pickDomain(state, random, ids) : null;
        const line = {
          type: 'message',
          op: 'upsert',
          data: doc
            ? {
                id: state.nextMessageId++,
                registrar: doc.registrar,
                at: iso(now - random.int(0, 60 * 86_400) * 1000),
                kind: random.pick(registrationMessageKinds),
                domain: doc.name,
                text: `About ${doc.name}: the registry's words.`,
              }
            : {
                id: state.nextMessageId++,
                // Announcements to one registrar or to all.
                registrar: random.chance(0.5) ? registrar : null,
                at: iso(now - random.int(0, 60 * 86_400) * 1000),
                kind: 'announcement',
                text: 'Maintenance window on Saturday from 06:00 to 08:00 Brussels time.',
              },
        };
        state.messagesSent.push(line);
        yield line;
        break;
      }
      case 'counters':
        yield { type: 'protectedTransactions', op: 'upsert', data: { registrar, threshold: 500, count: random.int(0, 500), periodEnd: iso(now + 86_400_000) } };
        break;
    }
    made++;
  }
}
