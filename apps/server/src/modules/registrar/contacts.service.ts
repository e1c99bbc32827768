import {
  message,
  type AbuseContact,
  type AuditAction,
  type PublicContact,
  type Registrar,
  type WhoisContact,
  type WhoisContactType,
  type publicContactSchema,
  type whoisContactSchema,
} from '@registrar-panel/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, conflict, notFound } from '../../errors';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { recordPortalChange } from '../../feed/portal-changes';
import { listCountries } from '../country/country.routes';
import { contactChanges } from './contact-changes';
import { presentRegistrar } from './registrar.presenter';
import { findRegistrarForUpdate, updateContacts, type ContactColumns, type RegistrarRow } from './registrar.repository';

type ContactColumn = keyof ContactColumns;

/** The country must be one of the list the picker offers, not merely two capital letters. */
const knownCountries = new Set(listCountries().map((country) => country.iso2));

/** Audit action per contact column; user management lists these as recent activities. */
export const contactAuditActions = {
  publicContact: 'registrar.publicContact.update',
  techContact: 'registrar.techContact.update',
  adminContact: 'registrar.adminContact.update',
  abuseContact: 'registrar.abuseContact.update',
} as const satisfies Record<ContactColumn, AuditAction>;

const columnOfType = { TECH: 'techContact', ADMIN: 'adminContact', ABUSE: 'abuseContact' } as const satisfies Record<WhoisContactType, ContactColumn>;

/**
 * Saves one contact of the caller's registrar. The row is locked for the transaction; when the
 * client says which version it edited and the registrar has changed since, nothing is written and
 * the answer is 409, so a later save never silently overwrites an earlier one. An edit that changes
 * nothing writes nothing. Every real change goes to the audit trail with its old and new values.
 */
async function saveContact<C extends ContactColumn>(
  db: Db,
  user: SignedInUser,
  column: C,
  version: number | undefined,
  next: NonNullable<ContactColumns[C]>,
): Promise<Registrar> {
  return db.transaction(async (tx) => {
    const row: RegistrarRow | undefined = await findRegistrarForUpdate(tx, user.registrarHandle);
    if (!row) throw notFound();
    if (version !== undefined && version !== row.version) throw conflict();
    const changes = contactChanges(row[column], next);
    if (changes.length === 0) return presentRegistrar(row);
    const updated = await updateContacts(tx, user.registrarHandle, { [column]: next });
    await recordAudit(tx, user, contactAuditActions[column], { contact: column, changes, version: updated.version });
    await recordPortalChange(tx, user, column, next);
    return presentRegistrar(updated);
  });
}

/** `PUT /services/registrar`: the public contact. */
export async function updatePublicContact(db: Db, user: SignedInUser, input: z.output<typeof publicContactSchema>): Promise<Registrar> {
  if (!knownCountries.has(input.address.countryCode)) throw new AppError(400, [message('validation.countryCode', { field: 'address.countryCode' })]);
  const { version, ...contact } = input;
  const next: PublicContact = { ...contact, address: { ...contact.address } };
  return saveContact(db, user, 'publicContact', version, next);
}

/** `POST /services/registrar/whoisContact`: the technical, administrative or abuse contact; the abuse contact has no name. */
export async function updateWhoisContact(db: Db, user: SignedInUser, input: z.output<typeof whoisContactSchema>): Promise<Registrar> {
  const column = columnOfType[input.type];
  if (column === 'abuseContact') {
    const next: AbuseContact = { phone: input.phone, email: input.email };
    return saveContact(db, user, column, input.version, next);
  }
  const next: WhoisContact = { ...(input.name === undefined ? {} : { name: input.name }), phone: input.phone, email: input.email };
  return saveContact(db, user, column, input.version, next);
}
