import { signInTexts } from '../identity/sign-in/interaction-helpers';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { testPassword } from '../identity/testing/users';
import { jobQueueSchema, queueNames } from '../db/job-queue-schema';
import type { LoadRun } from './failover-load';
import { people, type FailoverRig } from './failover-rig';
import { onServer } from './replica-cluster';

/*
 * What must hold across the failover, set up before the kill and read after it from the new primary:
 * every acknowledged save present once, every acknowledged creation with exactly one activation mail
 * in the outbox (and no user without its mail, nor a mail without its user), the feed's position as
 * it was, a sign-in lockout and a request limit still in force.
 */

const passwordUrl = '/services/registrar/epp/password';
const lockoutAddress = '203.0.113.77';
const alertOf = (page: string) => /id="form-error">([^<]*)<\/div>/.exec(page)?.[1];

export interface Holds {
  lockout: { failedAttempts: number; lockedUntil: string };
  feedPosition: number;
}

async function signInAs(rig: FailoverRig, instance: number, password: string): Promise<string | undefined> {
  const browser = new SignInDriver(rig.instances[instance]!.app, rig.config, lockoutAddress);
  await browser.start();
  await browser.submit({ username: people.lockedOut, password });
  return browser.page.includes('>One-time code</label>') ? 'accepted' : alertOf(browser.page);
}

let passwords = 0;

/** Changes the limited registrar's EPP password (the previous one given), a new one each time. */
async function setPassword(rig: FailoverRig, instance: number): Promise<number> {
  const oldPassword = passwords === 0 ? undefined : `Correct Horse ${passwords % 10}!`;
  passwords++;
  const response = await rig.instances[instance]!.app.inject({
    method: 'PUT',
    url: passwordUrl,
    headers: { authorization: await rig.bearer(people.limited, ['ADMIN', 'TECH']) },
    payload: { oldPassword, newPassword: `Correct Horse ${passwords % 10}!` },
  });
  return response.statusCode;
}

/** Before the kill: a user locked out by five wrong passwords, a registrar at its password-change limit, the feed's position. */
export async function setUpHolds(rig: FailoverRig): Promise<Holds> {
  const primary = rig.cluster.primary.url('portal');
  const answers: (string | undefined)[] = [];
  for (let i = 0; i < 5; i++) answers.push(await signInAs(rig, i % 2, 'wrong password'));
  if (answers[4] !== signInTexts.locked(60)) throw new Error(`the fifth wrong password did not lock the user: ${JSON.stringify(answers)}`);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push(await setPassword(rig, i % 2));
  if (statuses.join() !== '200,200,200,429') throw new Error(`the password-change limit did not answer as set (3 an hour): ${statuses.join()}`);
  await onServer(primary, "INSERT INTO feed_position (stream, last_seq) VALUES ('failover-test', 4242)");
  const [lockout] = await onServer<Holds['lockout']>(
    primary,
    'SELECT failed_attempts AS "failedAttempts", locked_until::text AS "lockedUntil" FROM sign_in_lockouts WHERE account = $1 AND source <> \'*\'',
    [people.lockedOut],
  );
  if (!lockout) throw new Error('no lockout row');
  return { lockout, feedPosition: 4242 };
}

/** Each finding is a broken promise; an empty list for each means the failover kept them all. */
export interface Findings {
  /** Acknowledged saves not in the database (no change row, no audit entry for their version). */
  lostSaves: string[];
  /** Acknowledged saves found more than once, or one version acknowledged twice. */
  doubledSaves: string[];
  /** Acknowledged creations without their user, or without exactly one activation mail. */
  lostCreations: string[];
  /** Any attempted creation (in doubt included) whose user and mail disagree. */
  outboxMismatches: string[];
  /** The registrar's version behind the last acknowledged save. */
  versionBehind: string[];
  feedPosition: string[];
  lockout: string[];
  limit: string[];
}

/** After the failover: reads the new primary (the promoted standby) directly, and asks the instances. */
export async function checkHolds(rig: FailoverRig, run: LoadRun, holds: Holds): Promise<Findings> {
  const primary = rig.cluster.replica.url('portal');
  const changes = await onServer<{ email: string; n: number }>(
    primary,
    "SELECT value->>'email' AS email, count(*)::int AS n FROM portal_changes WHERE registrar_handle = 'fo' GROUP BY 1",
  );
  const audits = await onServer<{ version: number; n: number }>(
    primary,
    "SELECT (details->>'version')::int AS version, count(*)::int AS n FROM audit_events WHERE registrar_handle = 'fo' AND action IN ('registrar.techContact.update', 'registrar.adminContact.update') GROUP BY 1",
  );
  const changeCount = new Map(changes.map((row) => [row.email, row.n]));
  const auditCount = new Map(audits.map((row) => [row.version, row.n]));
  const findings: Findings = {
    lostSaves: [],
    doubledSaves: [],
    lostCreations: [],
    outboxMismatches: [],
    versionBehind: [],
    feedPosition: [],
    lockout: [],
    limit: [],
  };
  const versions = new Set<number>();
  for (const save of run.saves) {
    const inChanges = changeCount.get(save.email) ?? 0;
    const inAudit = auditCount.get(save.version) ?? 0;
    if (inChanges === 0 || inAudit === 0)
      findings.lostSaves.push(`${save.loop} ${save.email} v${save.version}: ${inChanges} change rows, ${inAudit} audit entries`);
    if (inChanges > 1 || inAudit > 1 || versions.has(save.version)) findings.doubledSaves.push(`${save.email} v${save.version}`);
    versions.add(save.version);
  }
  const [registrar] = await onServer<{ version: number }>(primary, "SELECT version FROM registrars WHERE handle = 'fo'");
  const lastVersion = Math.max(0, ...run.saves.map((save) => save.version));
  if (!registrar || registrar.version < lastVersion) findings.versionBehind.push(`registrar at v${registrar?.version}, last acknowledged v${lastVersion}`);

  const attempted = [...run.created, ...run.creationsInDoubt];
  const userRows = await onServer<{ email: string }>(primary, 'SELECT email FROM users WHERE email = ANY($1)', [attempted]);
  const mailRows = await onServer<{ email: string; n: number }>(
    primary,
    `SELECT data->>'to' AS email, count(*)::int AS n FROM ${jobQueueSchema}.job WHERE name = $1 AND data->>'to' = ANY($2) GROUP BY 1`,
    [queueNames.mail, attempted],
  );
  const userSet = new Set(userRows.map((row) => row.email));
  const mailCount = new Map(mailRows.map((row) => [row.email, row.n]));
  for (const email of run.created)
    if (!userSet.has(email) || mailCount.get(email) !== 1)
      findings.lostCreations.push(`${email}: user ${userSet.has(email)}, mails ${mailCount.get(email) ?? 0}`);
  for (const email of run.creationsInDoubt) {
    const mails = mailCount.get(email) ?? 0;
    if (mails > 1 || (mails === 1) !== userSet.has(email)) findings.outboxMismatches.push(`${email}: user ${userSet.has(email)}, mails ${mails}`);
  }

  const [feed] = await onServer<{ seq: string }>(primary, "SELECT last_seq::text AS seq FROM feed_position WHERE stream = 'failover-test'");
  if (Number(feed?.seq) !== holds.feedPosition) findings.feedPosition.push(`feed position ${feed?.seq}, was ${holds.feedPosition}`);

  const [lockout] = await onServer<Holds['lockout']>(
    primary,
    'SELECT failed_attempts AS "failedAttempts", locked_until::text AS "lockedUntil" FROM sign_in_lockouts WHERE account = $1 AND source <> \'*\'',
    [people.lockedOut],
  );
  if (JSON.stringify(lockout) !== JSON.stringify(holds.lockout))
    findings.lockout.push(`lockout ${JSON.stringify(lockout)}, was ${JSON.stringify(holds.lockout)}`);
  // The lock lasts a minute from the fifth failure: asked through the pages while it is surely still on
  // (a machine so slow that the failover took most of that minute still has the row compared above).
  if (Date.now() < Date.parse(holds.lockout.lockedUntil) - 10_000) {
    for (const instance of [0, 1]) {
      const answer = await signInAs(rig, instance, testPassword);
      if (answer !== signInTexts.locked(60)) findings.lockout.push(`instance ${instance}: the right password answered ${answer} during the lock`);
    }
  }
  for (const instance of [0, 1]) {
    const status = await setPassword(rig, instance);
    if (status !== 429) findings.limit.push(`instance ${instance}: a fourth password change within the hour answered ${status}`);
  }
  return findings;
}
