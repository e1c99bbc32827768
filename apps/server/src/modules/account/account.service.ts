import type {
  AuditDetails,
  ChangeMyPassword,
  ConfirmTotpEnrolment,
  EndedSessionsResponse,
  MyAccount,
  MySessionsResponse,
  TotpEnrolment,
} from '@registrar-panel/contract';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { accountAddresses, mailTo } from '../../identity/directory/email-change';
import { accountChangeMail, mailContextOf, mailLanguageOf, productNameOf, type AccountChange } from '../../identity/directory/identity-mail';
import type { DirectoryUser, UserDirectory } from '../../identity/directory/user-directory';
import { decryptTotpSecret, encryptTotpSecret, matchTotpCode, newTotpSecret, totpKey, totpUri } from '../../identity/sign-in/totp';
import type { Outbox } from '../../mail/outbox';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { claimOtherSessionsEnd, claimSessionEnd, listOpenSessions, recordEndedSessions } from './sessions.repository';
import { deviceOf } from './user-agent';

/** What the caller's own account's functions need (account.routes.ts builds it once). */
export interface AccountDeps {
  db: Db;
  directory: UserDirectory;
  outbox: Outbox;
  config: Config;
  now: () => Date;
  /**
   * Waits until this instance's session cache has been told of the sessions just ended
   * (db/change-notices.ts), so that their very next request here is refused; other instances are
   * told within the notification's trip.
   */
  sessionEndsTold: () => Promise<void>;
}

/** A new authenticator's secret must be confirmed within this time. */
const enrolmentTtlMs = 10 * 60_000;

export async function ownAccount({ directory }: Pick<AccountDeps, 'directory'>, actor: SignedInUser): Promise<DirectoryUser> {
  const user = await directory.findUser(actor.username);
  // The token names an account the directory no longer has (deleted a moment ago): nothing to show or change.
  if (!user || user.registrarHandle !== actor.registrarHandle) throw notFound();
  return user;
}

type AccountAction =
  'account.password.change' | 'account.totp.change' | 'account.session.end' | 'account.sessions.endOthers' | 'account.passkey.add' | 'account.passkey.remove';

/** A change as the history records it and the user's notice tells it. */
interface Recorded<A extends AccountAction> {
  action: A;
  details: AuditDetails[A];
  change: AccountChange;
}

/**
 * The audit entry and the user's notice of a change (to the account's addresses), in one
 * transaction with `decide`, which may claim what the change needs and throws to record nothing.
 */
export async function recordChange<A extends AccountAction>(
  deps: AccountDeps,
  actor: SignedInUser,
  user: DirectoryUser,
  decide: (tx: Db) => Promise<Recorded<A>>,
): Promise<void> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const { action, details, change } = await decide(tx);
    await recordAudit(tx, actor, action, details);
    const mail = accountChangeMail(user, change, at, mailContextOf(deps.config), mailLanguageOf(user));
    await deps.outbox.add(tx, ...mailTo(await accountAddresses(tx, user, at), mail));
  });
}

/**
 * Ends every session of the caller but the one of this request: at the identity service (no
 * refresh) and in the API's records (no further request with their access tokens). Answers how
 * many the identity service ended.
 */
async function endOtherSessions(deps: AccountDeps, actor: SignedInUser): Promise<number> {
  const keep = actor.sessionId ?? null;
  await claimOtherSessionsEnd(deps.db, actor.username, keep, deps.now());
  const ended = await deps.directory.endSessionsOf(actor.username, { except: keep });
  // Sessions that had made no API request yet have no record: one marked ended refuses their tokens too.
  await recordEndedSessions(deps.db, { username: actor.username, registrarHandle: actor.registrarHandle }, ended, deps.now());
  await deps.sessionEndsTold();
  return ended.length;
}

export async function getMyAccount(deps: AccountDeps, actor: SignedInUser): Promise<MyAccount> {
  const user = await ownAccount(deps, actor);
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    language: user.language,
    hasTotp: user.hasTotp,
    credentialsAt: deps.directory.credentialsAt,
  };
}

/** The caller's open sessions: those the API has seen in use lately that the identity service still knows. */
export async function listMySessions(deps: AccountDeps, actor: SignedInUser): Promise<MySessionsResponse> {
  const rows = await listOpenSessions(deps.db, actor.username, deps.now());
  const open = await deps.directory.openSessions(
    actor.username,
    rows.map((row) => row.sessionId),
  );
  const sessions = rows
    .filter((row) => open.has(row.sessionId) || row.sessionId === actor.sessionId)
    .map((row) => ({
      id: row.sessionId,
      ...deviceOf(row.userAgent),
      address: row.address,
      startedAt: row.startedAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.sessionId === actor.sessionId,
    }));
  // The current one first, then the most recently used (the query's order).
  return { sessions: [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)] };
}

/** Ends one of the caller's other sessions; another user's (or an unknown) id is not found. */
export async function endMySession(deps: AccountDeps, actor: SignedInUser, sessionId: string): Promise<void> {
  if (sessionId === actor.sessionId) throw AppError.of(400, 'account.session.current');
  const user = await ownAccount(deps, actor);
  // Claimed once: of two requests to end the same session, one ends it and is recorded, the other finds nothing.
  await recordChange(deps, actor, user, async (tx) => {
    const row = await claimSessionEnd(tx, actor.username, sessionId, deps.now());
    if (!row) throw notFound();
    const device = deviceOf(row.userAgent);
    const deviceText = [device.browser, device.os].filter(Boolean).join(', ') || null;
    return {
      action: 'account.session.end',
      details: { ...device, address: row.address },
      change: { kind: 'sessionEnded', device: deviceText, address: row.address },
    };
  });
  // Its tokens are refused from now on (the record says ended); the identity service ends it too, so it cannot refresh.
  await deps.sessionEndsTold();
  await deps.directory.endSessionsOf(actor.username, { only: [sessionId] });
}

/** "Sign out everywhere else". */
export async function endMyOtherSessions(deps: AccountDeps, actor: SignedInUser): Promise<EndedSessionsResponse> {
  const user = await ownAccount(deps, actor);
  const ended = await endOtherSessions(deps, actor);
  await recordChange(deps, actor, user, async () => ({
    action: 'account.sessions.endOthers',
    details: { sessionsEnded: ended },
    change: { kind: 'otherSessionsEnded' },
  }));
  return { ended };
}

/** The caller's own password: the current one checked as at sign-in, the new one by the policy; other sessions end. */
export async function changeMyPassword(deps: AccountDeps, actor: SignedInUser, body: ChangeMyPassword): Promise<void> {
  const user = await ownAccount(deps, actor);
  const outcome = await deps.directory.changePassword(actor.username, { ...body, ip: actor.ip });
  switch (outcome.status) {
    case 'wrongPassword':
      throw AppError.of(400, 'account.password.wrong', { field: 'currentPassword' });
    case 'locked':
      throw AppError.of(429, 'account.password.locked');
    case 'unsafe':
      throw AppError.of(400, 'unsafe.password', { field: 'newPassword' });
    case 'atIdentityService':
      throw AppError.of(409, 'account.atIdentityService');
    case 'changed':
      break;
  }
  // Whoever held the old password is signed out everywhere else.
  const ended = await endOtherSessions(deps, actor);
  await recordChange(deps, actor, user, async () => ({
    action: 'account.password.change',
    details: { sessionsEnded: ended },
    change: { kind: 'passwordChanged' },
  }));
}

/** What the browser holds between the two steps of a new authenticator: sealed, so it cannot be changed or made up. */
interface SealedEnrolment {
  username: string;
  secret: string;
  expiresAt: number;
}

/** A new secret for the caller's authenticator, sealed with the TOTP key for the confirming step; nothing is stored yet. */
export async function startTotpEnrolment(deps: AccountDeps, actor: SignedInUser): Promise<TotpEnrolment> {
  if (deps.directory.credentialsAt !== 'portal') throw AppError.of(409, 'account.atIdentityService');
  const secret = newTotpSecret();
  const sealed: SealedEnrolment = { username: actor.username, secret, expiresAt: deps.now().getTime() + enrolmentTtlMs };
  const otpauthUri = totpUri(secret, { issuer: productNameOf(deps.config.tld), label: actor.username });
  return {
    secret,
    otpauthUri,
    qrDataUrl: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 200 }),
    enrolment: encryptTotpSecret(JSON.stringify(sealed), totpKey(deps.config.totpEncryptionKey)),
  };
}

function openEnrolment(deps: AccountDeps, enrolment: string): SealedEnrolment | undefined {
  try {
    const value = JSON.parse(decryptTotpSecret(enrolment, totpKey(deps.config.totpEncryptionKey))) as Partial<SealedEnrolment>;
    const { username, secret, expiresAt } = value;
    return typeof username === 'string' && typeof secret === 'string' && typeof expiresAt === 'number' ? { username, secret, expiresAt } : undefined;
  } catch {
    return undefined;
  }
}

/** A code of the new authenticator replaces the earlier secret; other sessions end. */
export async function confirmTotpEnrolment(deps: AccountDeps, actor: SignedInUser, body: ConfirmTotpEnrolment): Promise<void> {
  if (deps.directory.credentialsAt !== 'portal') throw AppError.of(409, 'account.atIdentityService');
  const user = await ownAccount(deps, actor);
  const sealed = openEnrolment(deps, body.enrolment);
  // Another user's enrolment is no enrolment of this one's.
  if (sealed?.username !== actor.username || sealed.expiresAt < deps.now().getTime()) throw AppError.of(400, 'account.totp.enrolmentExpired');
  const step = await matchTotpCode(sealed.secret, body.code, null, deps.now().getTime());
  if (step === null) throw AppError.of(400, 'account.totp.wrongCode', { field: 'code' });
  await deps.directory.replaceTotp(actor.username, sealed.secret, step);
  // Whoever signed in with the earlier authenticator is signed out everywhere else.
  const ended = await endOtherSessions(deps, actor);
  await recordChange(deps, actor, user, async () => ({ action: 'account.totp.change', details: { sessionsEnded: ended }, change: { kind: 'totpChanged' } }));
}
