import { compareUsers, signInActivityStatus, type ActivityEntry, type LoginAttempt, type PanelUser } from '@registrar-panel/contract';
import type { DirectoryUser, SignInRecord, UserSecondFactors } from '../../identity/directory/user-directory';
import type { AuditActivityRow } from './users.repository';

/**
 * Only what the user API shows: whether the user still has to activate or is disabled, and which
 * second factors they have (never a secret, a credential id or a password detail). Without the
 * directory's `factors`, a new user's: the authenticator app as the user row says, no passkey.
 */
export function presentUser(user: DirectoryUser, factors?: UserSecondFactors): PanelUser {
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    roles: [...user.roles],
    awaitingActivation: user.state === 'awaiting_activation',
    disabled: user.state === 'disabled',
    accessEnd: user.accessEnd,
    secondFactors: { totp: factors?.totp ?? user.hasTotp, passkeys: factors?.passkeys.length ?? 0 },
  };
}

export function presentUsers(users: DirectoryUser[], factors: ReadonlyMap<string, UserSecondFactors> = new Map()): PanelUser[] {
  return users.map((user) => presentUser(user, factors.get(user.username))).sort(compareUsers);
}

export function presentLoginAttempt(record: SignInRecord): LoginAttempt {
  return { timestamp: record.at.toISOString(), status: signInActivityStatus(record.outcome), ...(record.ip ? { ip: record.ip } : {}) };
}

/** Sign-ins and audited changes in one list, newest first, at most `size` entries. */
export function presentActivity(signIns: SignInRecord[], audits: AuditActivityRow[], size: number): ActivityEntry[] {
  const entries = [
    ...signIns.map((record) => ({ at: record.at, status: signInActivityStatus(record.outcome), ip: record.ip })),
    ...audits.map((row) => ({ at: row.at, status: row.action, ip: row.ip })),
  ];
  return entries
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, size)
    .map((entry) => ({ timestamp: entry.at.toISOString(), status: entry.status, ...(entry.ip ? { ip: entry.ip } : {}) }));
}
