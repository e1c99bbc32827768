import type { ProtectedTransactions } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { SignedInUser } from '../../plugins/auth';
import { findRegistrar } from './registrar.repository';

/** The protected-transaction counter of the caller's registrar; reached only when a threshold above 0 is met. */
export async function getProtectedTransactions(db: Db, user: SignedInUser): Promise<ProtectedTransactions> {
  const row = await findRegistrar(db, user.registrarHandle);
  if (!row) throw notFound();
  return {
    threshold: row.protectedTxThreshold,
    transactionsInPeriod: row.protectedTxCount,
    endDate: row.protectedTxPeriodEnd?.toISOString() ?? null,
    isThresholdReached: row.protectedTxThreshold > 0 && row.protectedTxCount >= row.protectedTxThreshold,
  };
}
