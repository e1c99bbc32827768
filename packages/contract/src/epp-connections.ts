/*
 * Connections to the registry's EPP server, as the registry data feed reports them and the EPP
 * security page shows them: one home for the outcomes, the reasons a connection is refused and the
 * windows the page looks back over.
 */

export const eppConnectionOutcomes = ['success', 'refused'] as const;
export type EppConnectionOutcome = (typeof eppConnectionOutcomes)[number];

/** Why the EPP server refused a connection; each has its words and its remedy on the page. */
export const eppRefusalReasons = ['addressNotAllowed', 'badCertificate', 'badPassword', 'sessionLimit', 'rateLimited', 'registrarBlocked'] as const;
export type EppRefusalReason = (typeof eppRefusalReasons)[number];

export const eppConnectionWindows = {
  /** The refused connections listed, newest first. */
  refusedShown: 20,
  /** Days of counts in the chart and its table (Brussels days, today included). */
  chartDays: 30,
  /** An allow-listed address with no successful connection for this long is offered for removal. */
  unusedDays: 90,
} as const;
