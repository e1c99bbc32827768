import { registrationLabels, type GracePeriodFilter, type LifecycleStatus, type RegistrationLabel } from '@registrar-panel/contract';

/*
 * How the portfolio's facets are stored (migration 0010): `domain_facets.labels` is a bit set, and
 * `registrar_facet_counts` and the GIN index `domain_facets_tokens_idx` name facets by key. These
 * are the server's one spelling of both; the SQL functions `domain_facet_keys` and
 * `domain_facet_tokens` write the same.
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
