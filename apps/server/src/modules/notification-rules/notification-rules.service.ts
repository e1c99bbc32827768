import {
  can,
  defaultRuleMailChoice,
  notificationRuleLimits,
  type NotificationRule,
  type NotificationRuleRequest,
  type NotificationRulesResponse,
  type RuleMailChoice,
} from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { SignedInUser } from '../../plugins/auth';
import * as repository from './notification-rules.repository';
import { countSavedSearch } from './search-count';

/*
 * The registrar's notification rules: users who read registrations add, change and delete them,
 * for their own registrar only, naming recipients among its users who read registrations too (a
 * hit is about registrations). The cap on rules is counted under a per-registrar lock, so parallel
 * creations never pass it; the cap on recipients is the contract's schema.
 */

export interface RulesDeps {
  db: Db;
  directory: UserDirectory;
  tld: string;
}

const present = (row: repository.RuleRow): NotificationRule => ({
  id: row.id,
  name: row.name,
  target: row.target,
  recipients: row.recipients,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastCount: row.target.kind === 'searchCount' ? row.lastCount : null,
});

/** The registrar's users a rule may tell: those whose roles read registrations. */
async function candidates(deps: RulesDeps, registrarHandle: string) {
  const users = await deps.directory.listUsers(registrarHandle);
  return users
    .filter((u) => u.registrarHandle === registrarHandle && can(u.roles, 'readRegistrations'))
    .map((u) => ({ username: u.username, name: u.name }))
    .sort((a, b) => (a.username < b.username ? -1 : 1));
}

async function checkRecipients(deps: RulesDeps, actor: SignedInUser, recipients: string[]): Promise<void> {
  const allowed = new Set((await candidates(deps, actor.registrarHandle)).map((c) => c.username));
  if (recipients.some((r) => !allowed.has(r))) throw AppError.of(400, 'rules.recipientUnknown', { field: 'recipients' });
}

async function baseCount(deps: RulesDeps, actor: SignedInUser, input: NotificationRuleRequest): Promise<number | null> {
  return input.target.kind === 'searchCount' ? countSavedSearch(deps.db, deps.tld, actor.registrarHandle, input.target.search) : null;
}

export async function getRules(deps: RulesDeps, actor: SignedInUser): Promise<NotificationRulesResponse> {
  const [rules, users, mail] = await Promise.all([
    repository.listRules(deps.db, actor.registrarHandle),
    candidates(deps, actor.registrarHandle),
    repository.mailChoiceOf(deps.db, actor.username),
  ]);
  return { rules: rules.map(present), candidates: users, mail: mail ?? defaultRuleMailChoice };
}

async function ownRule(deps: RulesDeps, actor: SignedInUser, id: string): Promise<repository.RuleRow> {
  const row = await repository.findRule(deps.db, actor.registrarHandle, id);
  if (!row) throw notFound();
  return row;
}

export async function createRule(deps: RulesDeps, actor: SignedInUser, input: NotificationRuleRequest): Promise<NotificationRule> {
  await checkRecipients(deps, actor, input.recipients);
  const lastCount = await baseCount(deps, actor, input);
  const id = await deps.db.transaction(async (tx) => {
    await repository.lockRuleCreation(tx, actor.registrarHandle);
    if ((await repository.countRules(tx, actor.registrarHandle)) >= notificationRuleLimits.maxRules) {
      throw AppError.of(409, 'rules.tooMany', { params: { max: notificationRuleLimits.maxRules } });
    }
    return repository.insertRule(tx, { registrarHandle: actor.registrarHandle, ...input, createdBy: actor.username, lastCount });
  });
  return present(await ownRule(deps, actor, id));
}

export async function changeRule(deps: RulesDeps, actor: SignedInUser, id: string, input: NotificationRuleRequest): Promise<NotificationRule> {
  const before = await ownRule(deps, actor, id);
  await checkRecipients(deps, actor, input.recipients);
  const lastCount = await baseCount(deps, actor, input);
  await deps.db.transaction((tx) => repository.updateRule(tx, before.id, { ...input, lastCount }));
  return present(await ownRule(deps, actor, id));
}

export async function removeRule(deps: RulesDeps, actor: SignedInUser, id: string): Promise<void> {
  const row = await ownRule(deps, actor, id);
  await repository.deleteRule(deps.db, row.id);
}

export async function chooseMail(deps: RulesDeps, actor: SignedInUser, mail: RuleMailChoice): Promise<{ mail: RuleMailChoice }> {
  await repository.setMailChoice(deps.db, actor.username, mail);
  return { mail };
}
