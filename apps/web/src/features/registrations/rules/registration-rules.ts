import type { DomainRegistration, RgpStatus, TransferStatus } from '@registrar-panel/contract';

/*
 * The registration rules of spec section 4, as pure functions: which lifecycle status is active,
 * which labels show, how the grace period shows, the related transfer status, and which dates show.
 */

/** Lifecycle statuses in the order that decides which one is active. */
export const lifecycleOrder = [
  'available',
  'reserved',
  'ok',
  'inactive',
  'pendingTransfer',
  'redemption',
  'pendingDelete',
  'pendingRestore',
  'ursLocked',
  'ursSuspended',
] as const;
export type LifecycleStatus = (typeof lifecycleOrder)[number];

const holds = ['clientHold', 'serverHold'];
const hasAny = (statuses: readonly string[], wanted: readonly string[]) => wanted.some((s) => statuses.includes(s));

/**
 * The first lifecycle status found in `lifecycleOrder`. A hold turns available, reserved and ok into
 * inactive; with no lifecycle status at all, a hold gives inactive and anything else available.
 */
export function lifecycleStatus(statuses: readonly string[]): LifecycleStatus {
  const found = lifecycleOrder.find((status) => statuses.includes(status));
  const held = hasAny(statuses, holds);
  if (found === undefined) return held ? 'inactive' : 'available';
  if (held && (found === 'available' || found === 'reserved' || found === 'ok')) return 'inactive';
  return found;
}

export const registrationLabels = [
  'REGISTERED',
  'PENDING_TRANSFER',
  'INACTIVE',
  'DOMAINGUARD',
  'TRANSFER_LOCK',
  'UPDATE_LOCK',
  'DELETE_LOCK',
  'RENEW_LOCK',
  'URS_LOCKED',
  'URS_SUSPENDED',
] as const;
export type RegistrationLabel = (typeof registrationLabels)[number];

/** Lifecycle statuses of a name that is registered and not on its way out. */
const registeredStatuses: readonly LifecycleStatus[] = ['ok', 'inactive', 'pendingTransfer', 'ursLocked', 'ursSuspended'];

const locks = [
  { label: 'TRANSFER_LOCK', action: 'Transfer' },
  { label: 'UPDATE_LOCK', action: 'Update' },
  { label: 'DELETE_LOCK', action: 'Delete' },
  { label: 'RENEW_LOCK', action: 'Renew' },
] as const;
const domainGuardStatuses = ['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited'];

/**
 * The labels of a registration, in display order. Locks come from the client or server prohibited
 * flags; ursLocked hides the transfer, update and delete locks, ursSuspended hides the renew lock
 * too. The three server locks transfer, update and delete together show as one DOMAINGUARD label
 * (hidden like the locks it stands for).
 */
export function labelsOf(statuses: readonly string[]): RegistrationLabel[] {
  const labels: RegistrationLabel[] = [];
  const lifecycle = lifecycleStatus(statuses);
  const ursLocked = statuses.includes('ursLocked');
  const ursSuspended = statuses.includes('ursSuspended');
  const hidden = (action: string) => ursSuspended || (ursLocked && action !== 'Renew');
  const domainGuard = domainGuardStatuses.every((s) => statuses.includes(s));

  if (registeredStatuses.includes(lifecycle)) labels.push('REGISTERED');
  if (statuses.includes('pendingTransfer')) labels.push('PENDING_TRANSFER');
  if (hasAny(statuses, ['inactive', ...holds])) labels.push('INACTIVE');
  if (domainGuard && !hidden('Transfer')) labels.push('DOMAINGUARD');
  for (const { label, action } of locks) {
    if (hidden(action)) continue;
    const client = statuses.includes(`client${action}Prohibited`);
    const server = statuses.includes(`server${action}Prohibited`) && !(domainGuard && action !== 'Renew');
    if (client || server) labels.push(label);
  }
  if (ursLocked) labels.push('URS_LOCKED');
  if (ursSuspended) labels.push('URS_SUSPENDED');
  return labels;
}

/** The grace period states in the order the registration view lists them. */
export const gracePeriodStates = [
  'REDEMPTION_PERIOD',
  'ADD_PERIOD',
  'TRANSFER_PERIOD',
  'PENDING_RESTORE',
  'AUTO_RENEW_PERIOD',
  'PENDING_DELETE',
  'RENEW_PERIOD',
] as const satisfies readonly RgpStatus[];

/**
 * The one colour rule of the grace period states (spec section 4), wherever one shows: brown for
 * the states on the way to deletion, orange for the others.
 */
export function gracePeriodTone(state: RgpStatus): 'brown' | 'orange' {
  return state === 'REDEMPTION_PERIOD' || state === 'PENDING_DELETE' ? 'brown' : 'orange';
}

/** The lifecycle statuses that are a grace period state, shown as that state is (same colour). */
const lifecycleGracePeriods: Partial<Record<LifecycleStatus, RgpStatus>> = {
  redemption: 'REDEMPTION_PERIOD',
  pendingDelete: 'PENDING_DELETE',
  pendingRestore: 'PENDING_RESTORE',
};

/** The grace period state a lifecycle status stands for, if it is one. */
export function gracePeriodOfLifecycle(status: LifecycleStatus): RgpStatus | undefined {
  return lifecycleGracePeriods[status];
}

export type RelatedTransferStatus = TransferStatus | 'NONE';
const transferStatusValues: readonly string[] = ['CLIENT_APPROVED', 'PENDING', 'SERVER_APPROVED'];

/** NONE without transfer history or for any status but the three known ones. */
export function relatedTransferStatus(transfer: { status: string } | null | undefined): RelatedTransferStatus {
  return transfer && transferStatusValues.includes(transfer.status) ? (transfer.status as TransferStatus) : 'NONE';
}

export type RegistrationDateKey =
  'created' | 'updated' | 'expired' | 'availableOn' | 'deletionDate' | 'transferred' | 'transferExpiry' | 'redemptionExpiry' | 'restoreExpiry';

export interface RegistrationDate {
  key: RegistrationDateKey;
  value: string;
}

type DatedRegistration = Pick<
  DomainRegistration,
  'created' | 'updated' | 'expired' | 'expectedAvailableDate' | 'deletionDate' | 'transferred' | 'stateExpirationDate' | 'rgpStatus' | 'statuses'
>;

/** The dates the registration view shows, in order (spec section 4, date visibility). */
export function visibleDates(domain: DatedRegistration): RegistrationDate[] {
  const dates: RegistrationDate[] = [{ key: 'created', value: domain.created }];
  const add = (key: RegistrationDateKey, value: string | null, shown = true) => {
    if (shown && value) dates.push({ key, value });
  };
  const rgp = domain.rgpStatus;
  const deleting = rgp === 'REDEMPTION_PERIOD' || rgp === 'PENDING_DELETE';
  add('updated', domain.updated, new Date(domain.updated).getTime() !== new Date(domain.created).getTime());
  add('expired', domain.expired, !deleting);
  add('availableOn', domain.expectedAvailableDate, rgp === null || deleting);
  add('deletionDate', domain.deletionDate);
  add('transferred', domain.transferred);
  add('transferExpiry', domain.stateExpirationDate, lifecycleStatus(domain.statuses.map((s) => s.status)) === 'pendingTransfer');
  add('redemptionExpiry', domain.stateExpirationDate, rgp === 'REDEMPTION_PERIOD');
  add('restoreExpiry', domain.stateExpirationDate, rgp === 'PENDING_RESTORE');
  return dates;
}
