import type pg from 'pg';
import { registrationChangeFields, type RegistrationState } from '@registrar-panel/contract';
import type { DomainDoc, RegistryState } from './random-changes.test-support';

/*
 * The change record checked against a recount from the feed lines: the states the lines lead to
 * (from `RegistryState`, which follows every line made) before and after a run of batches, and the
 * rows the run wrote, replayed in order. Each row's `before` must be what the replay holds at that
 * point, no row may record a field that did not change, and the replay must end in the lines' state.
 */

const sortedBy = <T>(items: T[], key: (item: T) => string) => [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/** A registration's recorded state as the feed lines give it. */
export function stateOfDoc(doc: DomainDoc, pendingTransferTo: string | null): RegistrationState {
  return {
    name: doc.name,
    registrar: doc.registrar,
    registrant: doc.registrant,
    contacts: sortedBy(
      doc.contacts.map((c) => ({ role: c.role, handle: c.handle })),
      (c) => `${c.role} ${c.handle}`,
    ),
    expiresAt: doc.expiresAt === null ? null : new Date(doc.expiresAt).toISOString(),
    statuses: doc.statuses.map((s) => s.status).sort(),
    rgpStatus: doc.rgpStatus,
    nameservers: sortedBy(
      doc.nameservers.map((n) => ({ name: n.name, ipAddresses: n.ipAddresses })),
      (n) => n.name,
    ),
    delegationSigners: sortedBy(
      doc.delegationSigners.map((k) => ({ keyTag: k.keyTag, algorithm: k.algorithm, digestType: k.digestType, digest: k.digest.toUpperCase() })),
      (k) => `${String(k.keyTag).padStart(6, '0')} ${k.digestType} ${k.algorithm}`,
    ),
    pendingTransferTo,
  };
}

/** Every registration's state as the lines so far leave it. */
export function statesOf(state: RegistryState): Map<number, RegistrationState> {
  return new Map([...state.domains.values()].map((doc) => [doc.id, stateOfDoc(doc, state.pendingTransfers.get(doc.id)?.gaining ?? null)]));
}

/** JSON with objects' keys sorted (jsonb orders them its own way). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** Lists compared as the recount sorts them (the database's collation may order statuses otherwise). */
function normal(field: string, value: unknown): string {
  if (field === 'statuses' && Array.isArray(value)) return canonical([...(value as string[])].sort());
  if (field === 'contacts' && Array.isArray(value)) return canonical(sortedBy(value as { role: string; handle: string }[], (c) => `${c.role} ${c.handle}`));
  return canonical(value);
}

/** A state (or some of its fields) as one comparable text, lists sorted as the recount sorts them. */
export function canonicalState(state: Record<string, unknown>): string {
  return Object.keys(state)
    .sort()
    .map((field) => `${field}=${normal(field, state[field])}`)
    .join(';');
}

interface ChangeRow {
  feed_seq: string;
  domain_id: string;
  kind: string;
  domain_name: string;
  registrar_before: string | null;
  registrar_after: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Replays the rows written for lines after `afterSeq` on `start` and says where they disagree with the lines. */
export async function changeRecordDifferences(
  pool: pg.Pool,
  afterSeq: number,
  start: Map<number, RegistrationState>,
  end: Map<number, RegistrationState>,
): Promise<string[]> {
  const { rows } = await pool.query<ChangeRow>(
    `SELECT feed_seq::text, domain_id::text, kind, domain_name, registrar_before, registrar_after, before, after
       FROM registration_changes WHERE feed_seq > $1 ORDER BY feed_seq, domain_id`,
    [afterSeq],
  );
  const problems: string[] = [];
  const replay = new Map<number, Record<string, unknown> | null>([...start].map(([id, s]) => [id, { ...s }]));
  const seen = new Set<string>();
  for (const row of rows) {
    const id = Number(row.domain_id);
    const key = `${row.feed_seq}:${id}`;
    if (seen.has(key)) problems.push(`${key}: recorded twice`);
    seen.add(key);
    const current = replay.get(id) ?? null;
    if (row.kind === 'created') {
      if (current !== null) problems.push(`${key}: created, but it existed`);
      replay.set(id, { ...row.after });
    } else if (current === null) problems.push(`${key}: ${row.kind}, but it did not exist`);
    else if (row.kind === 'deleted') {
      for (const field of registrationChangeFields)
        if (normal(field, row.before[field]) !== normal(field, current[field]))
          problems.push(`${key}: deleted with ${field} ${normal(field, row.before[field])}`);
      replay.set(id, null);
    } else {
      for (const [field, value] of Object.entries(row.before)) {
        if (normal(field, value) !== normal(field, current[field]))
          problems.push(`${key}: ${field} before ${normal(field, value)}, was ${normal(field, current[field])}`);
        if (normal(field, value) === normal(field, row.after[field])) problems.push(`${key}: ${field} recorded but unchanged`);
      }
      if (Object.keys(row.after).sort().join() !== Object.keys(row.before).sort().join()) problems.push(`${key}: before and after name other fields`);
      replay.set(id, { ...current, ...row.after });
    }
    const now = replay.get(id);
    if ((row.registrar_after ?? null) !== ((now?.registrar as string | undefined) ?? null)) problems.push(`${key}: registrar_after ${row.registrar_after}`);
  }
  for (const id of new Set([...start.keys(), ...end.keys(), ...replay.keys()])) {
    const expected = end.get(id) ?? null;
    const found = replay.get(id) ?? null;
    if ((expected === null) !== (found === null)) {
      problems.push(`${id}: ${expected === null ? 'still there after the record' : 'missing after the record'}`);
      continue;
    }
    if (expected === null || found === null) continue;
    for (const field of registrationChangeFields) {
      const want = normal(field, (expected as unknown as Record<string, unknown>)[field]);
      if (normal(field, found[field]) !== want) problems.push(`${id}: ${field} ends ${normal(field, found[field])}, the lines say ${want}`);
    }
  }
  return problems;
}
