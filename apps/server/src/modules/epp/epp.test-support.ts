import { eq } from 'drizzle-orm';
import type { PanelRole } from '@registrar-panel/contract';
import { auditEvents, users } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

export const ipUrl = '/services/registrar/epp/ip';
export const passwordUrl = '/services/registrar/epp/password';
export const passwordRequiredUrl = '/services/registrar/epp/password/required';

/** A panel user row, as the user directory stores it. */
export async function addUser(t: TestApp, username: string, roles: PanelRole[], email = `${username.replace('@', '.')}@mail.example`): Promise<void> {
  const registrarHandle = username.slice(username.lastIndexOf('@') + 1);
  await t.database.db.insert(users).values({ username, registrarHandle, name: `Name of ${username}`, email, roles, state: 'active' });
}

export async function auditRows(t: TestApp, action: string) {
  return t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.id);
}
