import { lifecycleStatus, type DomainRegistration, type LifecycleStatus, type RgpStatus, type TransferStatus } from '@registrar-panel/contract';

/*
 * The registration rules of spec section 4, as pure functions: which lifecycle status is active,
 * which labels show, how the grace period shows, the related transfer status, and which dates show.
 */

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
