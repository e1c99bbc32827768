import {
  accessEnded,
  isAdmin,
  registrarHandleOf,
  type ActivityEntry,
  type CreatedUserResponse,
  type LoginAttempt,
  type PanelRole,
  type PanelUser,
} from '@registrar-panel/contract';
import type { RouteInput } from '@registrar-panel/contract/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError, badRequest, notFound } from '../../errors';
import { ActivationByRegistryError, type DirectoryUser, type UserDirectory } from '../../identity/directory/user-directory';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { presentActivity, presentLoginAttempt, presentUser, presentUsers } from './users.presenter';
import { auditEventsBy } from './users.repository';
import { applyPasskeyRequirementTo } from './passkey-requirement';

/** The bodies as the route table's schemas parse them (plugins/api-routes.ts). */
type CreateUser = RouteInput<'createUser'>['body'];
type UpdateUser = RouteInput<'updateUser'>['body'];
type UserEnabled = RouteInput<'setUserEnabled'>['body'];
type UserAccessEnd = RouteInput<'setUserAccessEnd'>['body'];

function sameRoles(a: readonly PanelRole[], b: readonly PanelRole[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/** Roles a registrar may give: never ADMIN, each role once. */
function assignable(roles: readonly PanelRole[]): PanelRole[] {
  if (roles.includes('ADMIN')) throw badRequest('validation.role', { field: 'roles' });
  return [...new Set(roles)];
}

/**
 * User management (spec section 2): an ADMIN manages the panel users of their own registrar.
 * The users live in the user directory; these functions decide what may change and audit it.
 */
export interface UsersDeps {
  directory: UserDirectory;
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
}
/** The registrar's users with their second factors (the authenticator app, how many passkeys). */
export async function listUsers({ directory }: Pick<UsersDeps, 'directory'>, actor: SignedInUser): Promise<PanelUser[]> {
  const { users, factors } = await directory.listUsersWithSecondFactors(actor.registrarHandle);
  return presentUsers(users, factors);
}

/** Creates the user as `{typed username}@{registrar}`; the directory mails the activation link. */
export async function createUser({ directory, db, log }: UsersDeps, actor: SignedInUser, input: CreateUser): Promise<CreatedUserResponse> {
  const roles = assignable(input.roles);
  const username = `${input.username}@${actor.registrarHandle}`;
  // Usernames differ in more than letter case ('Bob' is not 'bob'): the directory refuses a taken one, atomically.
  const created = await directory.createUser({ username, registrarHandle: actor.registrarHandle, name: input.name, email: input.email, roles });
  if (created === 'taken') throw AppError.of(409, 'users.usernameTaken', { field: 'username' });
  if (created === 'created-mail-failed') log.warn({ username }, 'user created, but the activation mail could not be sent');
  await recordAudit(db, actor, 'user.create', { username, name: input.name, email: input.email, roles });
  // After the record: a failure here (Keycloak unreachable) leaves the creation recorded; saving
  // the passkey setting again gives the requirement to every user.
  await applyPasskeyRequirementTo({ db, directory }, actor.registrarHandle, username);
  // The directory may store the username its own way (Keycloak keeps it in lower case).
  const user = await directory.findUser(username);
  return {
    user: user
      ? presentUser(user)
      : {
          username,
          name: input.name,
          email: input.email,
          roles,
          awaitingActivation: true,
          disabled: false,
          accessEnd: null,
          secondFactors: { totp: false, passkeys: 0 },
        },
    activationMail: created === 'created' ? 'sent' : 'failed',
  };
}

/** Mails a user who has not activated yet a new activation link (when the first mail failed or got lost). */
export async function sendActivation({ directory, db, log }: UsersDeps, actor: SignedInUser, username: string): Promise<void> {
  const user = await ownUser(directory, actor, username);
  if (user.state === 'disabled') throw AppError.of(409, 'users.disabled');
  if (user.state !== 'awaiting_activation') throw AppError.of(409, 'users.alreadyActive');
  try {
    await directory.sendActivation(user.username);
  } catch (error) {
    if (error instanceof ActivationByRegistryError) throw AppError.of(409, 'users.activationByRegistry');
    log.warn({ err: error, username: user.username }, 'the activation mail could not be sent');
    throw AppError.of(502, 'users.activationMailFailed');
  }
  await recordAudit(db, actor, 'user.activationResend', { username: user.username });
}

export async function updateUser(
  { directory, db }: Pick<UsersDeps, 'directory' | 'db'>,
  actor: SignedInUser,
  username: string,
  input: UpdateUser,
): Promise<void> {
  const user = await ownUser(directory, actor, username);
  let roles: PanelRole[];
  if (isAdmin(user)) {
    // The registry gives and takes ADMIN; an administrator's roles are kept exactly as they are.
    if (!sameRoles(input.roles, user.roles)) throw badRequest('users.adminRolesFixed', { field: 'roles' });
    roles = user.roles;
  } else {
    roles = assignable(input.roles);
  }
  const by = { username: actor.username, name: [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.username, email: actor.email };
  await directory.updateUser(user.username, { name: input.name, email: input.email, roles }, by);
  await recordAudit(db, actor, 'user.update', {
    username: user.username,
    before: { name: user.name, email: user.email, roles: user.roles },
    after: { name: input.name, email: input.email, roles },
  });
}

export async function deleteUser({ directory, db }: Pick<UsersDeps, 'directory' | 'db'>, actor: SignedInUser, username: string): Promise<void> {
  const user = await ownUser(directory, actor, username);
  if (user.username === actor.username) throw badRequest('users.selfDelete');
  if (isAdmin(user)) throw AppError.of(403, 'users.adminNotDeletable');
  await directory.deleteUser(user.username);
  await recordAudit(db, actor, 'user.delete', { username: user.username, name: user.name, email: user.email, roles: user.roles });
}

/**
 * Disables a user (sign-in refused, sessions ended) or enables them again. The registry gives and
 * takes ADMIN, so an administrator is never disabled here, which also keeps every registrar with
 * the administrator it has; nor does anyone disable themselves. A user whose access has ended is
 * enabled only once the date is changed: enabling alone would not let them sign in.
 */
export async function setUserEnabled(
  { directory, db }: Pick<UsersDeps, 'directory' | 'db'>,
  actor: SignedInUser,
  username: string,
  { enabled }: UserEnabled,
): Promise<void> {
  const user = await ownUser(directory, actor, username);
  if (user.username === actor.username) throw badRequest('users.selfDisable');
  if (isAdmin(user)) throw AppError.of(403, 'users.adminNotDisableable');
  if ((user.state !== 'disabled') === enabled) return;
  if (enabled && accessEnded(user.accessEnd)) throw AppError.of(409, 'users.accessEnded');
  await directory.setEnabled(user.username, enabled);
  await recordAudit(db, actor, enabled ? 'user.enable' : 'user.disable', { username: user.username });
}

/** Sets or clears the last day (Brussels) a user may sign in; administrators have no end. */
export async function setUserAccessEnd(
  { directory, db }: Pick<UsersDeps, 'directory' | 'db'>,
  actor: SignedInUser,
  username: string,
  { accessEnd }: UserAccessEnd,
): Promise<void> {
  const user = await ownUser(directory, actor, username);
  if (isAdmin(user)) throw AppError.of(403, 'users.adminAccessEndFixed');
  if (user.accessEnd === accessEnd) return;
  await directory.setAccessEnd(user.username, accessEnd);
  await recordAudit(db, actor, 'user.accessEnd', { username: user.username, accessEnd });
}

/** The user enrols a new TOTP secret at their next sign-in; the directory tells them by mail. */
export async function resetUserTotp({ directory, db }: Pick<UsersDeps, 'directory' | 'db'>, actor: SignedInUser, username: string): Promise<void> {
  const user = await ownUser(directory, actor, username);
  if (isAdmin(user)) throw AppError.of(403, 'users.adminTotpFixed');
  await directory.resetTotp(user.username);
  await recordAudit(db, actor, 'user.totpReset', { username: user.username });
}

/** Sign-ins and audited changes by the user, newest first. */
export async function userActivity(
  { directory, db }: Pick<UsersDeps, 'directory' | 'db'>,
  actor: SignedInUser,
  username: string,
  size: number,
): Promise<ActivityEntry[]> {
  const user = await ownUser(directory, actor, username);
  const [signIns, audits] = await Promise.all([
    signInsSinceCreation(directory, user, size),
    auditEventsBy(db, { registrarHandle: user.registrarHandle, username: user.username, since: user.createdAt, limit: size }),
  ]);
  return presentActivity(signIns, audits, size);
}

export async function userLoginAttempts(
  { directory }: Pick<UsersDeps, 'directory'>,
  actor: SignedInUser,
  username: string,
  size: number,
): Promise<LoginAttempt[]> {
  const user = await ownUser(directory, actor, username);
  return (await signInsSinceCreation(directory, user, size)).map(presentLoginAttempt);
}

/** A user of the caller's registrar; any other username, existing or not, is simply not found. */
export async function ownUser(directory: UserDirectory, actor: SignedInUser, username: string): Promise<DirectoryUser> {
  if (registrarHandleOf(username) !== actor.registrarHandle) throw notFound();
  const user = await directory.findUser(username);
  if (!user || user.registrarHandle !== actor.registrarHandle) throw notFound();
  return user;
}

/** Attempts made under this username before the user existed belong to someone else (or no one). */
async function signInsSinceCreation(directory: UserDirectory, user: DirectoryUser, limit: number) {
  const records = await directory.signInAttempts(user.username, limit);
  return records.filter((record) => record.at >= user.createdAt);
}
