import type { Registrar } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { SignedInUser } from '../../plugins/auth';
import { presentRegistrar } from './registrar.presenter';
import { findRegistrar } from './registrar.repository';

/** The caller's own registrar; there is no way to ask for another one. */
export async function getRegistrar(db: Db, user: SignedInUser): Promise<Registrar> {
  const row = await findRegistrar(db, user.registrarHandle);
  if (!row) throw notFound();
  return presentRegistrar(row);
}
