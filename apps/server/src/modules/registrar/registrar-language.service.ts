import { parseLanguage, type Language, type Registrar } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { presentRegistrar } from './registrar.presenter';
import { findRegistrar, findRegistrarForUpdate, updateRegistrarLanguage } from './registrar.repository';

/**
 * `PUT /services/registrar/language`: the language of the portal's mails to the caller's own
 * registrar's contacts that are no users. Only the token's registrar is reachable; a change is audited.
 */
export async function setRegistrarLanguage(db: Db, user: SignedInUser, language: Language): Promise<Registrar> {
  return db.transaction(async (tx) => {
    const row = await findRegistrarForUpdate(tx, user.registrarHandle);
    if (!row) throw notFound();
    if (row.language === language) return presentRegistrar(row);
    const updated = await updateRegistrarLanguage(tx, user.registrarHandle, language);
    await recordAudit(tx, user, 'registrar.language.update', { before: row.language, after: language });
    return presentRegistrar(updated);
  });
}

/** The language of mails to a registrar's contacts that are no users (English for an unknown registrar). */
export async function registrarMailLanguage(db: Db, handle: string): Promise<Language> {
  return parseLanguage((await findRegistrar(db, handle))?.language);
}
