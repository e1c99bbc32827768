import { describe, expect, it } from 'vitest';
import { labelsOf, lifecycleStatus, type DomainStatus, type RgpStatus } from '@registrar-panel/contract';
import {
  gracePeriodOfLifecycle,
  gracePeriodStates,
  gracePeriodTone,
  relatedTransferStatus,
  visibleDates,
  type RegistrationDateKey,
} from './registration-rules';

describe('lifecycleStatus: the first found in order, holds turning it inactive', () => {
  it.each([
    [['available'], 'available'],
    [['reserved'], 'reserved'],
    [['ok'], 'ok'],
    [['inactive'], 'inactive'],
    [['pendingTransfer'], 'pendingTransfer'],
    [['redemption'], 'redemption'],
    [['pendingDelete'], 'pendingDelete'],
    [['pendingRestore'], 'pendingRestore'],
    [['ursLocked'], 'ursLocked'],
    [['ursSuspended'], 'ursSuspended'],
    // The order decides when several are present.
    [['ursSuspended', 'ok'], 'ok'],
    [['pendingDelete', 'redemption'], 'redemption'],
    [['ursLocked', 'pendingTransfer', 'inactive'], 'inactive'],
    [['pendingRestore', 'pendingDelete'], 'pendingDelete'],
    [['reserved', 'available'], 'available'],
    // A hold turns available, reserved and ok into inactive ...
    [['ok', 'clientHold'], 'inactive'],
    [['ok', 'serverHold'], 'inactive'],
    [['available', 'serverHold'], 'inactive'],
    [['reserved', 'clientHold'], 'inactive'],
    // ... but not the later statuses.
    [['pendingTransfer', 'clientHold'], 'pendingTransfer'],
    [['redemption', 'serverHold'], 'redemption'],
    [['ursSuspended', 'serverHold'], 'ursSuspended'],
    // Without a lifecycle status: a hold gives inactive, anything else available.
    [['clientHold'], 'inactive'],
    [['serverHold', 'clientTransferProhibited'], 'inactive'],
    [['clientTransferProhibited'], 'available'],
    [[], 'available'],
  ])('%j → %s', (statuses, expected) => {
    expect(lifecycleStatus(statuses)).toBe(expected);
  });
});

describe('labelsOf', () => {
  it.each([
    // Registered for a registered status; pendingTransfer adds its own label.
    [['ok'], ['REGISTERED']],
    [['pendingTransfer'], ['REGISTERED', 'PENDING_TRANSFER']],
    [['redemption'], []],
    [['pendingDelete'], []],
    [['pendingRestore'], []],
    [['available'], []],
    [['reserved'], []],
    // INACTIVE for inactive, clientHold or serverHold.
    [['inactive'], ['REGISTERED', 'INACTIVE']],
    [
      ['ok', 'clientHold'],
      ['REGISTERED', 'INACTIVE'],
    ],
    [
      ['ok', 'serverHold'],
      ['REGISTERED', 'INACTIVE'],
    ],
    [['redemption', 'serverHold'], ['INACTIVE']],
    // Each lock from its client or server flag.
    [['clientTransferProhibited'], ['TRANSFER_LOCK']],
    [['serverTransferProhibited'], ['TRANSFER_LOCK']],
    [['clientUpdateProhibited'], ['UPDATE_LOCK']],
    [['serverUpdateProhibited'], ['UPDATE_LOCK']],
    [['clientDeleteProhibited'], ['DELETE_LOCK']],
    [['serverDeleteProhibited'], ['DELETE_LOCK']],
    [['clientRenewProhibited'], ['RENEW_LOCK']],
    [['serverRenewProhibited'], ['RENEW_LOCK']],
    [['clientTransferProhibited', 'serverTransferProhibited'], ['TRANSFER_LOCK']],
    [
      ['ok', 'clientTransferProhibited', 'clientUpdateProhibited', 'clientDeleteProhibited', 'clientRenewProhibited'],
      ['REGISTERED', 'TRANSFER_LOCK', 'UPDATE_LOCK', 'DELETE_LOCK', 'RENEW_LOCK'],
    ],
    // DOMAINGUARD replaces the three server locks; other locks stay.
    [['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited'], ['DOMAINGUARD']],
    [
      ['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited', 'serverRenewProhibited'],
      ['DOMAINGUARD', 'RENEW_LOCK'],
    ],
    [
      ['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited', 'clientTransferProhibited'],
      ['DOMAINGUARD', 'TRANSFER_LOCK'],
    ],
    [
      ['serverTransferProhibited', 'serverUpdateProhibited'],
      ['TRANSFER_LOCK', 'UPDATE_LOCK'],
    ],
    // ursLocked hides transfer, update and delete locks (and DOMAINGUARD); renew stays.
    [
      ['ursLocked', 'clientTransferProhibited', 'clientUpdateProhibited', 'clientDeleteProhibited', 'clientRenewProhibited'],
      ['REGISTERED', 'RENEW_LOCK', 'URS_LOCKED'],
    ],
    [
      ['ursLocked', 'serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited'],
      ['REGISTERED', 'URS_LOCKED'],
    ],
    // ursSuspended hides renew too.
    [
      ['ursSuspended', 'serverHold', 'serverRenewProhibited', 'serverTransferProhibited', 'clientUpdateProhibited'],
      ['REGISTERED', 'INACTIVE', 'URS_SUSPENDED'],
    ],
    [
      ['ursLocked', 'ursSuspended', 'clientRenewProhibited'],
      ['REGISTERED', 'URS_LOCKED', 'URS_SUSPENDED'],
    ],
  ])('%j → %j', (statuses, expected) => {
    expect(labelsOf(statuses)).toEqual(expected);
  });
});

describe('grace period', () => {
  it('lists the seven states', () => {
    expect(gracePeriodStates).toEqual([
      'REDEMPTION_PERIOD',
      'ADD_PERIOD',
      'TRANSFER_PERIOD',
      'PENDING_RESTORE',
      'AUTO_RENEW_PERIOD',
      'PENDING_DELETE',
      'RENEW_PERIOD',
    ]);
  });

  it.each([
    ['REDEMPTION_PERIOD', 'brown'],
    ['PENDING_DELETE', 'brown'],
    ['ADD_PERIOD', 'orange'],
    ['RENEW_PERIOD', 'orange'],
    ['TRANSFER_PERIOD', 'orange'],
    ['AUTO_RENEW_PERIOD', 'orange'],
    ['PENDING_RESTORE', 'orange'],
  ] as [RgpStatus, string][])('%s has a %s badge', (state, tone) => {
    expect(gracePeriodTone(state)).toBe(tone);
  });

  it('shows the lifecycle statuses that are grace period states as those states, so each keeps one colour', () => {
    expect(gracePeriodOfLifecycle('redemption')).toBe('REDEMPTION_PERIOD');
    expect(gracePeriodOfLifecycle('pendingDelete')).toBe('PENDING_DELETE');
    expect(gracePeriodOfLifecycle('pendingRestore')).toBe('PENDING_RESTORE');
    expect(gracePeriodTone(gracePeriodOfLifecycle('pendingRestore')!)).toBe(gracePeriodTone('PENDING_RESTORE'));
    for (const status of ['available', 'reserved', 'ok', 'inactive', 'pendingTransfer', 'ursLocked', 'ursSuspended'] as const) {
      expect(gracePeriodOfLifecycle(status)).toBeUndefined();
    }
  });
});

describe('relatedTransferStatus', () => {
  it.each([
    [null, 'NONE'],
    [undefined, 'NONE'],
    [{ status: 'CLIENT_APPROVED' }, 'CLIENT_APPROVED'],
    [{ status: 'PENDING' }, 'PENDING'],
    [{ status: 'SERVER_APPROVED' }, 'SERVER_APPROVED'],
    [{ status: 'CLIENT_REJECTED' }, 'NONE'],
    [{ status: 'CLIENT_CANCELLED' }, 'NONE'],
    [{ status: '' }, 'NONE'],
  ])('%j → %s', (transfer, expected) => {
    expect(relatedTransferStatus(transfer)).toBe(expected);
  });
});

describe('visibleDates', () => {
  const base = {
    created: '2020-01-01T10:00:00.000Z',
    updated: '2020-01-01T10:00:00.000Z',
    expired: '2027-01-01T10:00:00.000Z',
    expectedAvailableDate: null,
    deletionDate: null,
    transferred: null,
    stateExpirationDate: null,
    rgpStatus: null,
    statuses: [{ status: 'ok' as DomainStatus, reason: null }],
  };
  const keys = (overrides: Partial<typeof base> | Record<string, unknown>) => visibleDates({ ...base, ...overrides }).map((d) => d.key);

  it.each<[string, Record<string, unknown>, RegistrationDateKey[]]>([
    ['a plain registration: created and expiry', {}, ['created', 'expired']],
    ['latest update only when it differs from created', { updated: '2024-03-01T10:00:00.000Z' }, ['created', 'updated', 'expired']],
    ['no expiry without an expiry date', { expired: null }, ['created']],
    ['no expiry in redemption', { rgpStatus: 'REDEMPTION_PERIOD' }, ['created']],
    ['no expiry in pending delete', { rgpStatus: 'PENDING_DELETE' }, ['created']],
    ['expiry in the other grace periods', { rgpStatus: 'AUTO_RENEW_PERIOD' }, ['created', 'expired']],
    ['available on without a grace period', { expectedAvailableDate: '2027-02-10T10:00:00.000Z' }, ['created', 'expired', 'availableOn']],
    ['available on in redemption', { rgpStatus: 'REDEMPTION_PERIOD', expectedAvailableDate: '2027-02-10T10:00:00.000Z' }, ['created', 'availableOn']],
    ['available on in pending delete', { rgpStatus: 'PENDING_DELETE', expectedAvailableDate: '2027-02-10T10:00:00.000Z' }, ['created', 'availableOn']],
    ['no available on in other grace periods', { rgpStatus: 'PENDING_RESTORE', expectedAvailableDate: '2027-02-10T10:00:00.000Z' }, ['created', 'expired']],
    ['deletion date when present', { deletionDate: '2026-12-01T10:00:00.000Z' }, ['created', 'expired', 'deletionDate']],
    ['last transfer when present', { transferred: '2023-01-01T10:00:00.000Z' }, ['created', 'expired', 'transferred']],
    [
      'transfer expiry while pendingTransfer is active',
      { statuses: [{ status: 'pendingTransfer', reason: null }], stateExpirationDate: '2026-01-05T10:00:00.000Z' },
      ['created', 'expired', 'transferExpiry'],
    ],
    [
      'no transfer expiry when pendingTransfer is not the active status',
      { statuses: [{ status: 'ok' }, { status: 'pendingTransfer' }], stateExpirationDate: '2026-01-05T10:00:00.000Z' },
      ['created', 'expired'],
    ],
    ['redemption expiry in redemption', { rgpStatus: 'REDEMPTION_PERIOD', stateExpirationDate: '2026-01-05T10:00:00.000Z' }, ['created', 'redemptionExpiry']],
    [
      'restore expiry in pending restore',
      { rgpStatus: 'PENDING_RESTORE', stateExpirationDate: '2026-01-05T10:00:00.000Z' },
      ['created', 'expired', 'restoreExpiry'],
    ],
    ['no state expiry for other grace periods', { rgpStatus: 'ADD_PERIOD', stateExpirationDate: '2026-01-05T10:00:00.000Z' }, ['created', 'expired']],
  ])('%s', (_name, overrides, expected) => {
    expect(keys(overrides)).toEqual(expected);
  });

  it('uses the state expiration date for the redemption and restore expiry', () => {
    const [, redemption] = visibleDates({ ...base, rgpStatus: 'REDEMPTION_PERIOD', stateExpirationDate: '2026-01-05T10:00:00.000Z' });
    expect(redemption).toEqual({ key: 'redemptionExpiry', value: '2026-01-05T10:00:00.000Z' });
  });
});
