import { domainStatuses, rgpStatuses, type DomainStatus, type DomainStatusEntry, type RgpStatus } from '@registrar-panel/contract';

function isDomainStatus(status: string): status is DomainStatus {
  return (domainStatuses as readonly string[]).includes(status);
}

/** The statuses the contract knows; anything else the registry stores is left out of the answer. */
export function presentStatuses(rows: readonly { status: string; reason: string | null }[]): DomainStatusEntry[] {
  return rows.flatMap((row) => (isDomainStatus(row.status) ? [{ status: row.status, reason: row.reason }] : []));
}

export function asRgpStatus(status: string | null): RgpStatus | null {
  return status !== null && (rgpStatuses as readonly string[]).includes(status) ? (status as RgpStatus) : null;
}
