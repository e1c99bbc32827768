import {
  createUserSchema,
  isAdmin,
  limits,
  registrarHandleOf,
  updateUserSchema,
  userHistoryQuerySchema,
  type ActivityEntry,
  type LoginAttempt,
  type PanelRole,
  type PanelUser,
} from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { AppError, badRequest, notFound, parseInput } from '../../errors';
import type { DirectoryUser, UserDirectory } from '../../identity/user-directory';
import { authorize, type SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { presentActivity, presentLoginAttempt, presentUser, presentUsers } from './users.presenter';
import { auditEventsBy } from './users.repository';

const activityQuery = userHistoryQuerySchema(limits.recentActivities);
const loginAttemptsQuery = userHistoryQuerySchema(limits.lastLoginAttempts);

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
 * The users live in the user directory; this service decides what may change and audits it.
 */
export class UsersService {
  constructor(
    private readonly directory: UserDirectory,
    private readonly db: Db,
  ) {}

  async list(actor: SignedInUser): Promise<PanelUser[]> {
    authorize(actor, 'manageUsers');
    return presentUsers(await this.directory.listUsers(actor.registrarHandle));
  }

  /** Creates the user as `{typed username}@{registrar}`; the directory mails the activation link. */
  async create(actor: SignedInUser, body: unknown): Promise<PanelUser> {
    authorize(actor, 'manageUsers');
    const input = parseInput(createUserSchema, body);
    const roles = assignable(input.roles);
    const username = `${input.username}@${actor.registrarHandle}`;
    // Usernames differ in more than letter case ('Bob' is not 'bob'): the directory refuses a taken one, atomically.
    const created = await this.directory.createUser({ username, registrarHandle: actor.registrarHandle, name: input.name, email: input.email, roles });
    if (created === 'taken') throw AppError.of(409, 'users.usernameTaken', { field: 'username' });
    await recordAudit(this.db, actor, 'user.create', { username, name: input.name, email: input.email, roles });
    const user = await this.directory.findUser(username);
    return user ? presentUser(user) : { username, name: input.name, email: input.email, roles };
  }

  async update(actor: SignedInUser, username: string, body: unknown): Promise<void> {
    authorize(actor, 'manageUsers');
    const input = parseInput(updateUserSchema, body);
    const user = await this.ownUser(actor, username);
    let roles: PanelRole[];
    if (isAdmin(user)) {
      // The registry gives and takes ADMIN; an administrator's roles are kept exactly as they are.
      if (!sameRoles(input.roles, user.roles)) throw badRequest('users.adminRolesFixed', { field: 'roles' });
      roles = user.roles;
    } else {
      roles = assignable(input.roles);
    }
    await this.directory.updateUser(user.username, { name: input.name, email: input.email, roles });
    await recordAudit(this.db, actor, 'user.update', {
      username: user.username,
      before: { name: user.name, email: user.email, roles: user.roles },
      after: { name: input.name, email: input.email, roles },
    });
  }

  async remove(actor: SignedInUser, username: string): Promise<void> {
    authorize(actor, 'manageUsers');
    const user = await this.ownUser(actor, username);
    if (user.username === actor.username) throw badRequest('users.selfDelete');
    if (isAdmin(user)) throw AppError.of(403, 'users.adminNotDeletable');
    await this.directory.deleteUser(user.username);
    await recordAudit(this.db, actor, 'user.delete', { username: user.username, name: user.name, email: user.email, roles: user.roles });
  }

  /** The user enrols a new TOTP secret at their next sign-in; the directory tells them by mail. */
  async resetTotp(actor: SignedInUser, username: string): Promise<void> {
    authorize(actor, 'manageUsers');
    const user = await this.ownUser(actor, username);
    if (isAdmin(user)) throw AppError.of(403, 'users.adminTotpFixed');
    await this.directory.resetTotp(user.username);
    await recordAudit(this.db, actor, 'user.totpReset', { username: user.username });
  }

  /** Sign-ins and audited changes by the user, newest first. */
  async activity(actor: SignedInUser, username: string, query: unknown): Promise<ActivityEntry[]> {
    authorize(actor, 'manageUsers');
    const { size } = parseInput(activityQuery, query);
    const user = await this.ownUser(actor, username);
    const [signIns, audits] = await Promise.all([
      this.signInsSinceCreation(user, size),
      auditEventsBy(this.db, { registrarHandle: user.registrarHandle, username: user.username, since: user.createdAt, limit: size }),
    ]);
    return presentActivity(signIns, audits, size);
  }

  async loginAttempts(actor: SignedInUser, username: string, query: unknown): Promise<LoginAttempt[]> {
    authorize(actor, 'manageUsers');
    const { size } = parseInput(loginAttemptsQuery, query);
    const user = await this.ownUser(actor, username);
    return (await this.signInsSinceCreation(user, size)).map(presentLoginAttempt);
  }

  /** A user of the caller's registrar; any other username, existing or not, is simply not found. */
  private async ownUser(actor: SignedInUser, username: string): Promise<DirectoryUser> {
    if (registrarHandleOf(username) !== actor.registrarHandle) throw notFound();
    const user = await this.directory.findUser(username);
    if (!user || user.registrarHandle !== actor.registrarHandle) throw notFound();
    return user;
  }

  /** Attempts made under this username before the user existed belong to someone else (or no one). */
  private async signInsSinceCreation(user: DirectoryUser, limit: number) {
    const records = await this.directory.signInAttempts(user.username, limit);
    return records.filter((record) => record.at >= user.createdAt);
  }
}
