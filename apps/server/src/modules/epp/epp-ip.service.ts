import { canonicalIpAddress, maxIpAddressesFor, message, type AuditAction, type EppIpList, type Message } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { recordPortalChange } from '../../feed/portal-changes';
import type { EppChangeNotices } from './epp-change-notices';
import { findRegistrarEpp, listIpAddresses, lockRegistrarEpp, replaceIpAddresses } from './epp.repository';

export const ipAuditAction = 'epp.ipAddresses.update' satisfies AuditAction;

/**
 * The addresses to store, in canonical form and in the order given, or the field messages that
 * refuse the list. Empty entries are dropped; a message's field is the entry's index as sent
 * (`ipAddresses.3`), so the client can show it next to that entry.
 */
export function checkIpList(entries: readonly string[], max: number): { ok: true; ips: string[] } | { ok: false; messages: Message[] } {
  const ips: string[] = [];
  const messages: Message[] = [];
  entries.forEach((entry, index) => {
    if (entry.trim() === '') return;
    const field = `ipAddresses.${index}`;
    const canonical = canonicalIpAddress(entry);
    if (canonical === null) messages.push(message('validation.ipAddress', { field }));
    else if (ips.includes(canonical)) messages.push(message('validation.ipAddressDuplicate', { field }));
    else ips.push(canonical);
  });
  if (ips.length > max) messages.push(message('validation.ipAddressTooMany', { field: 'ipAddresses', params: { max } }));
  return messages.length > 0 ? { ok: false, messages } : { ok: true, ips };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((ip, index) => ip === b[index]);
}

/** What the EPP allow-list's functions need (epp.routes.ts builds it once). */
export interface EppIpDeps {
  db: Db;
  notices: EppChangeNotices;
}

/** The EPP IP allow-list of the caller's registrar (spec sections 2, 4 and 5). */
export async function listEppIpAddresses({ db }: Pick<EppIpDeps, 'db'>, actor: SignedInUser): Promise<string[]> {
  if (!(await findRegistrarEpp(db, actor.registrarHandle))) throw notFound();
  return listIpAddresses(db, actor.registrarHandle);
}

/**
 * Replaces the whole list in one transaction: the list, and its audit entry, are saved together or
 * not at all. A list equal to the saved one writes nothing and mails no one.
 */
export async function replaceEppIpAddresses({ db, notices }: EppIpDeps, actor: SignedInUser, input: EppIpList): Promise<string[]> {
  const checked = checkIpList(input.ipAddresses, maxIpAddressesFor(actor.username));
  if (!checked.ok) throw new AppError(400, checked.messages);
  const at = new Date();
  const administrators = await notices.administratorsOf(actor.registrarHandle);
  await db.transaction(async (tx) => {
    const registrar = await lockRegistrarEpp(tx, actor.registrarHandle);
    if (!registrar) throw notFound();
    const before = await listIpAddresses(tx, registrar.handle);
    if (sameList(before, checked.ips)) return;
    await replaceIpAddresses(tx, registrar.handle, checked.ips);
    await recordAudit(tx, actor, ipAuditAction, { before, after: checked.ips });
    await recordPortalChange(tx, actor, 'eppIpAddresses', checked.ips);
    await notices.queue(tx, { registrar, administrators, actor, change: { kind: 'ipAddresses', before, after: checked.ips }, at });
  });
  return checked.ips;
}
