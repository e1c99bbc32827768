import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publicContactSchema, whoisContactSchema } from '@registrar-panel/contract';
import { billingEventTypes } from '@registrar-panel/contract';
import { domainQuotas, RegistryGenerator } from './generate';

const today = Date.UTC(2026, 0, 15);
const options = { seed: 7, quotas: [3_000, 1_500, 500], today, tld: 'be' };

function domainsOf(generator: RegistryGenerator) {
  return [...generator.domainBatches(1_000)].flatMap((batch) => batch.domains);
}

describe('the registry generator', () => {
  const generator = new RegistryGenerator(options);
  const batches = [...generator.domainBatches(1_000)];
  const domains = batches.flatMap((b) => b.domains);
  const billing = batches.flatMap((b) => b.billingEvents);
  const contacts = [...generator.contactBatches(1_000)].flat();

  it('gives the same data for the same seed and day, other data for another seed', () => {
    const again = domainsOf(new RegistryGenerator(options)).slice(0, 200);
    expect(JSON.stringify(again)).toBe(JSON.stringify(domains.slice(0, 200)));
    const other = domainsOf(new RegistryGenerator({ ...options, seed: 8 })).slice(0, 200);
    expect(other.map((d) => d.uLabel)).not.toEqual(domains.slice(0, 200).map((d) => d.uLabel));
  });

  it('splits domains over registrars exactly, interleaved', () => {
    const per = new Map<string, number>();
    for (const d of domains) per.set(d.registrarHandle, (per.get(d.registrarHandle) ?? 0) + 1);
    expect(Object.fromEntries(per)).toEqual({ acme: 3_000, globex: 1_500, icannsla: 500 });
    expect(new Set(domains.slice(0, 50).map((d) => d.registrarHandle)).size).toBeGreaterThan(1);
  });

  it('gives one registrar a million among seven million at full scale', () => {
    const quotas = domainQuotas(7_000_000, 50);
    expect(quotas[0]).toBe(1_000_000);
    expect(quotas.reduce((a, b) => a + b, 0)).toBe(7_000_000);
    expect(Math.min(...quotas)).toBeGreaterThan(0);
    expect(domainQuotas(1_000, 1)).toEqual([1_000]);
    expect(domainQuotas(1_000, 3)).toEqual([333, 667 - 222, 222]);
  });

  it('makes unique names with correct A-labels, IDNs among them', () => {
    expect(new Set(domains.map((d) => d.aLabel)).size).toBe(domains.length);
    for (const d of domains) {
      expect(d.aLabel).toBe(domainToASCII(d.uLabel));
      expect(domainToUnicode(d.aLabel)).toBe(d.uLabel);
      expect(d.uLabel.endsWith('.be')).toBe(true);
    }
    expect(domains.filter((d) => d.aLabel.startsWith('xn--')).length).toBeGreaterThan(domains.length * 0.05);
  });

  it('covers every lifecycle state, grace period, hold, lock and URS state', () => {
    const statuses = new Set(domains.flatMap((d) => d.statuses.map((s) => s.status)));
    for (const status of [
      'ok',
      'inactive',
      'clientHold',
      'serverHold',
      'pendingTransfer',
      'redemption',
      'pendingDelete',
      'pendingRestore',
      'ursLocked',
      'ursSuspended',
    ]) {
      expect(statuses).toContain(status);
    }
    for (const side of ['client', 'server'])
      for (const action of ['Delete', 'Renew', 'Transfer', 'Update']) expect(statuses).toContain(`${side}${action}Prohibited`);
    expect(new Set(domains.map((d) => d.rgpStatus))).toEqual(
      new Set([null, 'ADD_PERIOD', 'RENEW_PERIOD', 'AUTO_RENEW_PERIOD', 'TRANSFER_PERIOD', 'REDEMPTION_PERIOD', 'PENDING_RESTORE', 'PENDING_DELETE']),
    );
    const domainGuard = domains.filter((d) =>
      ['serverTransferProhibited', 'serverUpdateProhibited', 'serverDeleteProhibited'].every((s) => d.statuses.some((x) => x.status === s)),
    );
    expect(domainGuard.length).toBeGreaterThan(0);
    expect(domains.some((d) => d.expectedAvailableAt && d.rgpStatus === null)).toBe(true);
    // Exactly one lifecycle status each; holds and locks come on top of it.
    const lifecycle = ['ok', 'inactive', 'pendingTransfer', 'redemption', 'pendingDelete', 'pendingRestore', 'ursLocked', 'ursSuspended'];
    for (const d of domains) expect(d.statuses.filter((s) => lifecycle.includes(s.status))).toHaveLength(1);
    expect(domains.some((d) => d.statuses.length > 1 && d.statuses[0]!.status === 'ok')).toBe(true);
  });

  it('dates every event before the reference day, consistently', () => {
    for (const d of domains) {
      expect(d.createdAt.getTime()).toBeLessThan(today);
      expect(d.updatedAt.getTime()).toBeGreaterThanOrEqual(d.createdAt.getTime());
      if (d.transferredAt) expect(d.transferredAt.getTime()).toBeGreaterThan(d.createdAt.getTime());
      if (d.rgpStatus) expect(d.stateExpiresAt).not.toBeNull();
    }
  });

  it('has transfers of every kind, name servers with IPv4 and IPv6 glue, and DS records', () => {
    expect(new Set(domains.flatMap((d) => d.transfers.map((t) => t.status)))).toEqual(
      new Set(['PENDING', 'SERVER_APPROVED', 'CLIENT_APPROVED', 'CLIENT_REJECTED', 'CLIENT_CANCELLED']),
    );
    const glue = domains.flatMap((d) => d.nameservers.flatMap((ns) => ns.ipAddresses));
    expect(glue.some((ip) => ip.includes(':'))).toBe(true);
    expect(glue.some((ip) => /^\d+\.\d+\.\d+\.\d+$/.test(ip))).toBe(true);
    const signers = domains.flatMap((d) => d.delegationSigners);
    expect(signers.length).toBeGreaterThan(100);
    for (const ds of signers) expect(ds.digest).toHaveLength({ 1: 40, 2: 64, 4: 96 }[ds.digestType] ?? -1);
    expect(domains.filter((d) => d.statuses.some((s) => s.status === 'inactive')).every((d) => d.nameservers.length === 0)).toBe(true);
  });

  it('makes contacts with full addresses in many countries, each domain pointing at existing ones', () => {
    expect(new Set(contacts.map((c) => c.countryCode)).size).toBeGreaterThanOrEqual(12);
    for (const c of contacts) {
      expect(c.phone).toMatch(/^\+[0-9]{1,3}\.[0-9]{1,14}$/);
      expect(c.street && c.postalCode && c.city && c.name).toBeTruthy();
    }
    expect(contacts.some((c) => c.emailUnicode !== null)).toBe(true);
    const handles = new Set(contacts.map((c) => c.handle));
    for (const d of domains) {
      expect(handles).toContain(d.registrantHandle);
      for (const c of d.contacts) expect(handles).toContain(c.handle);
    }
  });

  it('bills creations, renewals, transfers, restores and refunds over several years, with documented types only', () => {
    const kinds = new Set(billing.map((e) => `${e.eventType}.${e.eventSubtype}`));
    expect(kinds).toEqual(new Set(Object.entries(billingEventTypes).flatMap(([type, subtypes]) => subtypes.map((s) => `${type}.${s}`))));
    const years = new Set(billing.filter((e) => e.registrarHandle === 'acme').map((e) => e.eventAt.getUTCFullYear()));
    expect(years.size).toBeGreaterThanOrEqual(5);
    expect(billing.every((e) => e.eventAt.getTime() < today)).toBe(true);
  });

  it('gives registrars complete contacts that pass the contract’s forms, and globex a reached threshold', () => {
    expect(generator.registrars.map((r) => r.handle)).toEqual(['acme', 'globex', 'icannsla']);
    for (const r of generator.registrars) {
      expect(publicContactSchema.safeParse(r.publicContact).success).toBe(true);
      expect(publicContactSchema.safeParse({ ...r.mainContact, url: 'https://x.example' }).success).toBe(true);
      expect(whoisContactSchema.safeParse({ ...r.techContact, type: 'TECH' }).success).toBe(true);
      expect(whoisContactSchema.safeParse({ ...r.adminContact, type: 'ADMIN' }).success).toBe(true);
      expect(whoisContactSchema.safeParse({ ...r.abuseContact, type: 'ABUSE' }).success).toBe(true);
      expect(r.mainContact.mobilePhone).toMatch(/^\+/);
    }
    const globex = generator.registrars[1]!;
    expect(globex.protectedTxThreshold).toBeGreaterThan(0);
    expect(globex.protectedTxCount).toBe(globex.protectedTxThreshold);
    expect(globex.protectedTxPeriodEnd!.getTime()).toBeGreaterThan(today);
    const many = new RegistryGenerator({ ...options, quotas: Array.from({ length: 12 }, () => 1) });
    expect(new Set(many.registrars.map((r) => r.handle)).size).toBe(12);
  });
});
