import { registrationLabels, type GracePeriodFilter, type LifecycleStatus, type RegistrationLabel } from '@registrar-panel/contract';

/*
 * How the portfolio's facets are stored (migration 0010): `domain_facets.labels` is a bit set, and
 * `registrar_facet_counts` and the GIN index `domain_facets_search_tokens_idx` (migration 0014,
 * beside the name's pieces, under `{registrar}::`) name facets by key. These are the server's one
 * spelling of both; the SQL functions `domain_facet_keys` and `domain_facet_tokens` write the same.
 */

/** The bit of a label in `domain_facets.labels`: its position in the contract's `registrationLabels`. */
export function labelBit(label: RegistrationLabel): number {
  return 1 << registrationLabels.indexOf(label);
}

/** The bit set of a list of labels. */
export function labelBits(labels: readonly RegistrationLabel[]): number {
  return labels.reduce((bits, label) => bits | labelBit(label), 0);
}

/** Keys a registration is counted under (`registrar_facet_counts.facet`), and looked up by (with its registrar). */
export const facetKey = {
  /** Every registration. */
  all: '',
  lifecycle: (status: LifecycleStatus) => `s:${status}`,
  label: (label: RegistrationLabel) => `l:${label}`,
  gracePeriod: (state: GracePeriodFilter) => `g:${state}`,
  idn: 'i',
  /** Looked up, not counted. */
  registrant: (handle: string) => `c:${handle}`,
} as const;

/** Whether an A-label is an internationalised name: one of its labels is an `xn--` label. */
export function isIdn(aLabel: string): boolean {
  return aLabel.startsWith('xn--') || aLabel.includes('.xn--');
}

/** What `deferFacets` and `refreshDeferredFacets` need of a connection: pg's client or pool. */
interface Queryable {
  query(text: string): Promise<unknown>;
}

/**
 * Until `refreshDeferredFacets`, in the current transaction, the facet triggers (migration 0010) only
 * note the registrations they see, instead of refreshing them at each statement: a writer of many
 * statements on the same registrations (a feed batch) then refreshes each one once. Rolled back with
 * a savepoint like any transaction-local setting.
 */
export async function deferFacets(client: Queryable): Promise<void> {
  await client.query(`SELECT set_config('registrar_panel.defer_facets', 'on', true)`);
}

/** Refreshes the facets and counts of the registrations noted since `deferFacets`, once each, and stops deferring. */
export async function refreshDeferredFacets(client: Queryable): Promise<void> {
  await client.query('SELECT domain_facets_refresh_deferred()');
}
