import {
  isAuditAction,
  personalDataReadAction,
  type AuditAction,
  type AuditDetails,
  type HistoryEntry,
  type PersonalDataHistoryEntry,
  type SignInHistoryAction,
} from '@registrar-panel/contract';
import { auditDetailsSchemas, operations, routeKey, type OperationId } from '@registrar-panel/contract/api';
import type { HistoryRow } from './history.repository';

/**
 * The fields of a stored row's details that hold their action's shape today. Rows are never
 * rewritten, so one recorded by an older version may lack a field or hold it otherwise: such a
 * field is left out (the page shows what remains) rather than sent as something it is not.
 */
export function storedDetails<A extends AuditAction>(action: A, details: Record<string, unknown>): Partial<AuditDetails[A]> {
  const shape: Record<string, { safeParse(value: unknown): { success: boolean } }> = auditDetailsSchemas[action].shape;
  // The stored value is kept as it is (not zod's copy): a record's keys keep their stored order.
  const kept = Object.entries(details).filter(([name, value]) => value !== undefined && shape[name]?.safeParse(value).success === true);
  return Object.fromEntries(kept) as Partial<AuditDetails[A]>;
}

/** A personal-data log row's details, with its call's method and path template from the route table. */
function personalDataDetails(stored: Record<string, unknown>): PersonalDataHistoryEntry['details'] {
  const operation = String(stored.operation);
  const known = operation in operations ? operations[operation as OperationId] : undefined;
  return {
    operation,
    route: known ? routeKey(known) : operation,
    params: (stored.params ?? {}) as Record<string, unknown>,
    rows: Number(stored.rows),
    ...(Array.isArray(stored.handles) ? { handles: stored.handles.map(String) } : {}),
  };
}

/** A history row as the API answers it: its action tells the shape of its details. */
export function presentHistoryEntry(row: HistoryRow): HistoryEntry {
  const common = { id: `${row.source}${row.id}`, at: row.at.toISOString(), username: row.username, ip: row.ip };
  if (row.source === 's') return { ...common, action: row.action as SignInHistoryAction, details: {} };
  if (row.source === 'p') return { ...common, action: personalDataReadAction, details: personalDataDetails(row.details) };
  if (isAuditAction(row.action)) return { ...common, action: row.action, details: storedDetails(row.action, row.details) } as HistoryEntry;
  // An action this version does not know (recorded by a newer one before a rollback) goes out as
  // it was stored: the page shows such an entry's details by their values.
  return { ...common, action: row.action, details: row.details } as unknown as HistoryEntry;
}
