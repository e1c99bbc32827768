/*
 * The change record's vocabulary (the importer writes it, notification rules and the registrations'
 * history read it): what happened to a registration in a feed batch, and the fields whose values
 * before and after it records. The one list; the server's SQL builds each field under this name.
 */

export const registrationChangeKinds = ['created', 'deleted', 'changed'] as const;
export type RegistrationChangeKind = (typeof registrationChangeKinds)[number];

/**
 * The recorded fields: the name (a rename), the sponsoring registrar (a transfer in or out), the
 * registrant and contacts by handle, the expiry, the statuses and grace period, name servers, DS
 * records, and the gaining registrar of a pending transfer (null when none is pending).
 */
export const registrationChangeFields = [
  'name',
  'registrar',
  'registrant',
  'contacts',
  'expiresAt',
  'statuses',
  'rgpStatus',
  'nameservers',
  'delegationSigners',
  'pendingTransferTo',
] as const;
export type RegistrationChangeField = (typeof registrationChangeFields)[number];

/** A recorded state, as the change record's `before` and `after` hold it (only changed fields for a change). */
export interface RegistrationState {
  name: string;
  registrar: string | null;
  registrant: string | null;
  contacts: { role: string; handle: string }[];
  /** ISO instant in UTC, or null. */
  expiresAt: string | null;
  /** Sorted. */
  statuses: string[];
  rgpStatus: string | null;
  /** Sorted by name. */
  nameservers: { name: string; ipAddresses: string[] }[];
  delegationSigners: { keyTag: number; algorithm: number; digestType: number; digest: string }[];
  pendingTransferTo: string | null;
}
