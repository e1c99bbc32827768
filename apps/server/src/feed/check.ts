import { domainToASCII, domainToUnicode } from 'node:url';
import type { PoolClient } from 'pg';
import { futureProblem } from './epp-connections';
import { messageFutureProblem } from './registry-messages';
import type { ContactData, DomainData, FeedChange } from './format';

/** A change that passed every check, with the line it came from. */
export interface AcceptedChange {
  line: number;
  change: Exclude<FeedChange, { type: 'snapshot' }>;
}

export interface Reject {
  line: number;
  seq: number | null;
  reason: string;
}

/** The names a domain line may carry: under the registry's TLD, the Unicode form canonical (lower case, NFC). */
export function nameProblem(data: Pick<DomainData, 'name' | 'aLabel'>, tld: string): string | null {
  const ascii = domainToASCII(data.name);
  if (ascii === '' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ascii) || ascii.split('.').some((label) => label.length > 63 || /^-|-$/.test(label))) {
    return `malformed name "${data.name}"`;
  }
  if (ascii !== data.aLabel) return `aLabel "${data.aLabel}" is not the A-label of "${data.name}" (${ascii})`;
  if (domainToUnicode(ascii) !== data.name) return `name "${data.name}" is not in canonical Unicode form ("${domainToUnicode(ascii)}")`;
  if (!ascii.endsWith(`.${tld}`) || ascii.split('.').length !== tld.split('.').length + 1) return `"${data.name}" is not a registration under .${tld}`;
  return null;
}

/** Two entries of one list with the same key (the database would refuse them). */
export function duplicateIn(data: DomainData): string | null {
  const seen = (what: string, keys: string[]) => (new Set(keys).size !== keys.length ? `duplicate ${what} in the registration` : null);
  return (
    seen(
      'status',
      data.statuses.map((s) => s.status),
    ) ??
    seen(
      'contact',
      data.contacts.map((c) => `${c.role} ${c.handle}`),
    ) ??
    seen(
      'name server',
      data.nameservers.map((n) => n.name.toLowerCase()),
    ) ??
    seen(
      'DS record (key tag and digest type)',
      data.delegationSigners.map((d) => `${d.keyTag} ${d.digestType}`),
    )
  );
}

/** What the database holds of the keys a batch names, read in a few queries before the batch is checked. */
interface Known {
  contacts: Set<string>;
  /** Domain id → its A-label, for the domains the batch names by id or by name. */
  domainNames: Map<number, string>;
  /** A-label → domain id. */
  nameOwners: Map<string, number>;
  /** Contacts some domain outside the batch refers to. */
  referencedContacts: Set<string>;
}

async function readKnown(client: PoolClient, changes: AcceptedChange[]): Promise<Known> {
  const contactHandles = new Set<string>();
  const domainIds = new Set<number>();
  const names = new Set<string>();
  const deletedContacts = new Set<string>();
  for (const { change } of changes) {
    if (change.type === 'contact' && change.op === 'upsert') contactHandles.add(change.data.handle);
    if (change.type === 'contact' && change.op === 'delete') {
      contactHandles.add(change.key);
      deletedContacts.add(change.key);
    }
    if (change.type === 'domain' && change.op === 'delete') domainIds.add(Number(change.key));
    if (change.type === 'domain' && change.op === 'upsert') {
      domainIds.add(change.data.id);
      names.add(change.data.aLabel);
      contactHandles.add(change.data.registrant);
      change.data.contacts.forEach((c) => contactHandles.add(c.handle));
    }
    if (change.type === 'transfer' && change.op === 'upsert') domainIds.add(change.data.domain);
  }
  const ids = [...domainIds];
  // One after another: they share the batch's connection.
  const contacts = await client.query<{ handle: string }>('SELECT handle FROM contacts WHERE handle = ANY($1::text[])', [[...contactHandles]]);
  // Two index lookups: with OR between them the planner may read the whole table.
  const domains = await client.query<{ id: string; a_label: string }>(
    'SELECT id, a_label FROM domains WHERE id = ANY($1::bigint[]) UNION SELECT id, a_label FROM domains WHERE a_label = ANY($2::text[])',
    [ids, [...names]],
  );
  const referenced =
    deletedContacts.size === 0
      ? { rows: [] as { handle: string }[] }
      : await client.query<{ handle: string }>(
          `SELECT h AS handle FROM unnest($1::text[]) h
            WHERE EXISTS (SELECT 1 FROM domains d WHERE d.registrant_handle = h AND d.id <> ALL($2::bigint[]))
               OR EXISTS (SELECT 1 FROM domain_contacts c WHERE c.contact_handle = h AND c.domain_id <> ALL($2::bigint[]))`,
          [[...deletedContacts], ids],
        );
  const known: Known = {
    contacts: new Set(contacts.rows.map((r) => r.handle)),
    domainNames: new Map(),
    nameOwners: new Map(),
    referencedContacts: new Set(referenced.rows.map((r) => r.handle)),
  };
  for (const row of domains.rows) {
    known.domainNames.set(Number(row.id), row.a_label);
    known.nameOwners.set(row.a_label, Number(row.id));
  }
  return known;
}

/**
 * Checks a batch's relations line by line, in sequence order, as if each line were applied before
 * the next: the registrar, registrant and contacts of a registration exist, its name is free, a
 * contact still in use is not deleted, a transfer's registration exists. `registrars` holds the
 * registrar handles known so far and learns those the batch creates.
 */
export async function checkBatch(
  client: PoolClient,
  changes: AcceptedChange[],
  registrars: Set<string>,
  tld: string,
  now: Date = new Date(),
): Promise<{ accepted: AcceptedChange[]; rejects: Reject[] }> {
  const known = await readKnown(client, changes);
  // The registrations the batch has touched so far, as the batch leaves them (null: deleted).
  const domainsNow = new Map<number, DomainData | null>();
  const accepted: AcceptedChange[] = [];
  const rejects: Reject[] = [];
  const refuse = (item: AcceptedChange, reason: string) => rejects.push({ line: item.line, seq: item.change.seq, reason });
  const hasRegistrar = (handle: string) => registrars.has(handle);
  const contactInUse = (handle: string) =>
    known.referencedContacts.has(handle) ||
    [...domainsNow.values()].some((d) => d !== null && (d.registrant === handle || d.contacts.some((c) => c.handle === handle)));
  const domainExists = (id: number) => (domainsNow.has(id) ? domainsNow.get(id) !== null : known.domainNames.has(id));

  for (const item of changes) {
    const { change } = item;
    if (change.type === 'registrar') {
      registrars.add(change.data.handle);
    } else if (change.type === 'protectedTransactions') {
      if (!hasRegistrar(change.data.registrar)) {
        refuse(item, `unknown registrar "${change.data.registrar}"`);
        continue;
      }
    } else if (change.type === 'contact') {
      if (change.op === 'upsert') {
        const data: ContactData = change.data;
        if (!hasRegistrar(data.registrar)) {
          refuse(item, `unknown registrar "${data.registrar}"`);
          continue;
        }
        known.contacts.add(data.handle);
      } else {
        if (contactInUse(change.key)) {
          refuse(item, `contact "${change.key}" is still a contact of a registration`);
          continue;
        }
        known.contacts.delete(change.key);
      }
    } else if (change.type === 'domain') {
      if (change.op === 'delete') {
        const id = Number(change.key);
        const name = domainsNow.has(id) ? domainsNow.get(id)?.aLabel : known.domainNames.get(id);
        if (name !== undefined && known.nameOwners.get(name) === id) known.nameOwners.delete(name);
        domainsNow.set(id, null);
      } else {
        const data = change.data;
        const problem =
          nameProblem(data, tld) ??
          duplicateIn(data) ??
          (!hasRegistrar(data.registrar) ? `unknown registrar "${data.registrar}"` : null) ??
          (!known.contacts.has(data.registrant) ? `missing registrant: contact "${data.registrant}" does not exist` : null) ??
          data.contacts.map((c) => (known.contacts.has(c.handle) ? null : `${c.role} contact "${c.handle}" does not exist`)).find((p) => p !== null) ??
          null;
        const owner = known.nameOwners.get(data.aLabel);
        if (problem ?? (owner !== undefined && owner !== data.id)) {
          refuse(item, problem ?? `duplicate name: "${data.name}" belongs to registration ${owner}`);
          continue;
        }
        const previous = domainsNow.has(data.id) ? domainsNow.get(data.id)?.aLabel : known.domainNames.get(data.id);
        if (previous !== undefined && previous !== data.aLabel) known.nameOwners.delete(previous);
        known.nameOwners.set(data.aLabel, data.id);
        domainsNow.set(data.id, data);
      }
    } else if (change.type === 'transfer' && change.op === 'upsert') {
      const data = change.data;
      const problem =
        (!domainExists(data.domain) ? `unknown registration ${data.domain}` : null) ??
        (!hasRegistrar(data.gaining) ? `unknown registrar "${data.gaining}"` : null) ??
        (!hasRegistrar(data.losing) ? `unknown registrar "${data.losing}"` : null);
      if (problem) {
        refuse(item, problem);
        continue;
      }
    } else if (change.type === 'billingEvent' && change.op === 'upsert') {
      if (!hasRegistrar(change.data.registrar)) {
        refuse(item, `unknown registrar "${change.data.registrar}"`);
        continue;
      }
    } else if (change.type === 'message' && change.op === 'upsert') {
      const { registrar } = change.data;
      const problem = (registrar !== null && !hasRegistrar(registrar) ? `unknown registrar "${registrar}"` : null) ?? messageFutureProblem(change.data, now);
      if (problem) {
        refuse(item, problem);
        continue;
      }
    } else if (change.type === 'eppConnection' && change.op === 'upsert') {
      const problem = (!hasRegistrar(change.data.registrar) ? `unknown registrar "${change.data.registrar}"` : null) ?? futureProblem(change.data, now);
      if (problem) {
        refuse(item, problem);
        continue;
      }
    }
    accepted.push(item);
  }
  return { accepted, rejects };
}
