import type { AuditDetails } from '@registrar-panel/contract';

/** One changed field of a contact, as the audit trail records it (the contract's shape). */
export type FieldChange = AuditDetails['registrar.publicContact.update']['changes'][number];

type Flat = Record<string, string | null>;

function flatten(value: object, prefix = '', out: Flat = {}): Flat {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner !== null && typeof inner === 'object') flatten(inner as object, path, out);
    else out[path] = inner === undefined || inner === null || inner === '' ? null : String(inner as string | number | boolean);
  }
  return out;
}

/** The fields whose values differ between two versions of a contact, in a stable (alphabetical) order. */
export function contactChanges(before: object, after: object): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  return [...new Set([...Object.keys(old), ...Object.keys(next)])]
    .sort()
    .map((field) => ({ field, old: old[field] ?? null, new: next[field] ?? null }))
    .filter((change) => change.old !== change.new);
}
