import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { billingEventTypes, eppConnectionOutcomes, eppRefusalReasons, registrarStatuses, registryMessageKinds, rgpStatuses } from '@registrar-panel/contract';
import { entities, entityTypes, feedTransferStatuses, registrationStatuses } from './format';
import { eppCertificateChangeFields } from './portal-changes';

/*
 * docs/registry-feed.md repeats what feed/format.ts accepts, for an engineer who reads no code:
 * its field tables must name exactly the fields each entity accepts, and its lists of values
 * every value the schemas allow.
 */

const document = readFileSync(new URL('../../../../docs/registry-feed.md', import.meta.url), 'utf8');

/** The first column of the field table under `### \`type\``, up to the next heading. */
function documentedFields(type: string): string[] {
  const start = document.indexOf(`### \`${type}\``);
  if (start < 0) return [];
  const end = document.indexOf('\n#', start + 1);
  const section = document.slice(start, end > 0 ? end : undefined);
  return [...section.matchAll(/^\| `([A-Za-z]+)` +\|/gm)].map((m) => m[1]!);
}

describe('docs/registry-feed.md', () => {
  it.each(entityTypes)('lists exactly the fields of %s', (type) => {
    const fields = Object.keys(entities[type].data.shape);
    expect(documentedFields(type).sort()).toEqual(fields.sort());
  });

  it('names every value the schemas allow', () => {
    const values = [
      ...registrarStatuses,
      ...rgpStatuses,
      ...feedTransferStatuses,
      ...Object.keys(billingEventTypes),
      ...Object.values(billingEventTypes).flat(),
      ...registrationStatuses.filter((s) => !/Prohibited$/.test(s)),
      ...eppConnectionOutcomes,
      ...eppRefusalReasons,
      ...registryMessageKinds,
    ];
    for (const value of values) expect(document, value).toContain(`\`${value}\``);
    for (const suffix of ['DeleteProhibited', 'RenewProhibited', 'TransferProhibited', 'UpdateProhibited']) expect(document).toContain(`\`${suffix}\``);
  });
});

describe('docs/registry-feed.md, the outgoing stream', () => {
  it("names each EPP client certificate slot's field", () => {
    const section = document.slice(document.indexOf('## Portal changes'));
    for (const field of Object.values(eppCertificateChangeFields)) expect(section).toContain(`\`${field}\``);
  });
});
