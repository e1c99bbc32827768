import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureMonthlyPartitions } from '../../db/monthly-partitions';
import { createActiveUser } from '../../identity/testing/users';
import { ruleMailDeps } from '../../jobs/background';
import type { Mail } from '../../mail/mail';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailChoiceOf, setMailChoice } from './notification-rules.repository';
import { ruleMailLimits, sendRuleHitMails } from './rule-mail';

/*
 * Rule hits by mail: at once (one mail per user per run, its list capped), in the 07:00 Brussels
 * digest (the hits made before that day), none for `off`; the stop link works once and turns the
 * choice off; mail only to users still active in the rule's registrar; two runs at once mail each
 * hit once. The job function is driven with a given `now`; the queued mails are what is checked.
 */

let t: TestApp;
const ruleOf: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  for (const handle of ['alpha', 'beta']) await createRegistrar(db, { handle });
  await createRegistrar(db, { handle: 'gamma', status: 'BLOCKED' });
  for (const username of ['ada@alpha', 'bob@alpha', 'dirk@alpha', 'noor@alpha', 'off@alpha', 'gone@alpha', 'bea@beta', 'gus@gamma']) {
    await createActiveUser(db, t.config, { username, email: `${username.replace('@', '.')}@mail.example` });
  }
  await t.app.userDirectory.setLanguage('noor@alpha', 'nl');
  await t.app.userDirectory.setEnabled('gone@alpha', false);
  for (const handle of ['alpha', 'beta', 'gamma']) {
    const { rows } = await db.execute<{ id: string }>(sql`
      INSERT INTO notification_rules (registrar_handle, name, kind, target, created_by)
      VALUES (${handle}, 'Holds', 'entersStatus', '{"kind":"entersStatus","status":"serverHold"}'::jsonb, 'ada@alpha') RETURNING id::text AS id`);
    ruleOf[handle] = rows[0]!.id;
  }
  await ensureMonthlyPartitions(db, 'rule_hits', new Date('2026-01-01T00:00:00Z'), new Date('2027-03-01T00:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`DELETE FROM rule_hits`);
  await t.newMail();
});

/** `count` hits for the user, by a rule of `registrar`, at `at` (as the feed's batch writes them). */
async function hits(username: string, count: number, at: Date, registrar = username.split('@')[1]!) {
  await t.database.db.execute(sql`
    INSERT INTO rule_hits (at, registrar_handle, rule_id, rule_name, rule_kind, username, domain_name, occurrence, details, text)
    SELECT ${at}, ${registrar}, ${ruleOf[registrar]}::uuid, 'Holds', 'entersStatus', ${username}, 'd' || n || '.be', 'seq:' || n,
           '{}'::jsonb, 'Holds: d' || n || '.be serverHold'
      FROM generate_series(1, ${count}::int) n`);
}

const unmailed = async () => (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM rule_hits WHERE mailed_at IS NULL`)).rows[0]!.n;

const run = (mode: 'immediate' | 'digest', now: Date) => sendRuleHitMails(ruleMailDeps(t.app), mode, now);
const stopUrlOf = (mail: Mail) => new URL(/https?:\/\/\S+\/mail\/rule-hits\/stop\?\S+/.exec(mail.text)![0]);

describe('hits mailed at once', () => {
  it('come in one mail per user per run, the list capped, the rest counted and linked to the inbox', async () => {
    const now = new Date('2026-11-27T10:00:00Z');
    await hits('ada@alpha', 500, new Date('2026-11-27T09:59:30Z'));
    await hits('bob@alpha', 2, new Date('2026-11-27T09:59:40Z'));
    expect(await run('immediate', now)).toBe(2);
    const mails = await t.newMail();
    expect(mails.map((mail) => mail.to)).toEqual(['ada.alpha@mail.example', 'bob.alpha@mail.example']);
    const ada = mails[0]!;
    expect(ada.subject).toBe('500 new notification rule hits for registrar alpha');
    expect(ada.text).toContain('The notification rules you receive had 500 new hits:');
    expect(ada.text.split('\n').filter((line) => line.includes(': Holds: d'))).toHaveLength(ruleMailLimits.listedHits);
    expect(ada.text).toContain('2026/11/27 10:59:30 CET: Holds: d');
    expect(ada.text).toContain(`… and ${500 - ruleMailLimits.listedHits} more hits.`);
    expect(ada.text).toContain('http://portal.test/messages?kind=ruleHit');
    expect(mails[1]!.text).not.toContain('more hit');
    // A later run has nothing left to mail.
    expect(await run('immediate', new Date('2026-11-27T10:01:00Z'))).toBe(0);
    expect(await t.newMail()).toEqual([]);
    expect(await unmailed()).toBe(0);
  });

  it('name every rule that fired, however many hits another rule made before it', async () => {
    const { rows } = await t.database.db.execute<{ id: string }>(sql`
      INSERT INTO notification_rules (registrar_handle, name, kind, target, created_by)
      VALUES ('alpha', 'Renewals', 'entersStatus', '{"kind":"entersStatus","status":"clientHold"}'::jsonb, 'ada@alpha') RETURNING id::text AS id`);
    await hits('ada@alpha', 50, new Date('2026-11-27T09:59:00Z'));
    await t.database.db.execute(sql`
      INSERT INTO rule_hits (at, registrar_handle, rule_id, rule_name, rule_kind, username, domain_name, occurrence, details, text)
      VALUES ('2026-11-27T09:59:50Z', 'alpha', ${rows[0]!.id}::uuid, 'Renewals', 'entersStatus', 'ada@alpha', 'late.be', 'seq:late', '{}'::jsonb,
              'Renewals: late.be clientHold')`);
    await run('immediate', new Date('2026-11-27T10:00:00Z'));
    const [mail] = await t.newMail();
    const listed = mail!.text.split('\n').filter((line) => / CET: (Holds|Renewals): /.test(line));
    expect(listed).toHaveLength(ruleMailLimits.listedHits);
    // The later rule's one hit is listed, last as it came last; the earlier rule fills the rest.
    expect(listed.at(-1)).toBe('2026/11/27 10:59:50 CET: Renewals: late.be clientHold');
    expect(listed.filter((line) => line.includes(': Holds: d'))).toHaveLength(ruleMailLimits.listedHits - 1);
    expect(mail!.text).toContain(`… and ${51 - ruleMailLimits.listedHits} more hits.`);
  });

  it("are in the user's language, with the stop link as List-Unsubscribe", async () => {
    await hits('noor@alpha', 1, new Date('2026-11-27T09:59:30Z'));
    await run('immediate', new Date('2026-11-27T10:00:00Z'));
    const [mail] = await t.newMail();
    expect(mail!.subject).toBe('1 nieuwe melding van een meldingsregel voor registrar alpha');
    expect(mail!.text).toContain('Een meldingsregel die u ontvangt, gaf 1 nieuwe melding:');
    expect(mail!.headers?.['List-Unsubscribe']).toBe(`<${stopUrlOf(mail!).href}>`);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(stopUrlOf(mail!).searchParams.get('lang')).toBe('nl');
  });

  it('are not mailed before they are made, nor to users who want the digest', async () => {
    await setMailChoice(t.database.db, 'dirk@alpha', 'digest');
    await hits('dirk@alpha', 3, new Date('2026-11-27T09:00:00Z'));
    await hits('ada@alpha', 1, new Date('2026-11-27T10:05:00Z'));
    expect(await run('immediate', new Date('2026-11-27T10:00:00Z'))).toBe(0);
    expect(await t.newMail()).toEqual([]);
    expect(await unmailed()).toBe(4);
  });
});

describe('the daily digest', () => {
  it("mails at 07:00 Brussels the hits made before that day, and keeps the day's own for tomorrow", async () => {
    await setMailChoice(t.database.db, 'dirk@alpha', 'digest');
    // 27 November 2026 is winter time: 07:00 in Brussels is 06:00 UTC, the day began at 23:00 UTC.
    await hits('dirk@alpha', 2, new Date('2026-11-26T09:00:00Z'));
    await hits('dirk@alpha', 1, new Date('2026-11-26T22:59:59Z'));
    await hits('dirk@alpha', 4, new Date('2026-11-26T23:00:00Z'));
    expect(await run('digest', new Date('2026-11-27T06:00:00Z'))).toBe(1);
    const [mail] = await t.newMail();
    expect(mail!.to).toBe('dirk.alpha@mail.example');
    expect(mail!.subject).toBe('Daily digest: 3 notification rule hits for registrar alpha');
    expect(mail!.text).toContain('2026/11/26 23:59:59 CET');
    expect(mail!.text).not.toContain('2026/11/27 00:00:00 CET');
    expect(await unmailed()).toBe(4);
    // Next morning: the rest.
    expect(await run('digest', new Date('2026-11-28T06:00:00Z'))).toBe(1);
    expect((await t.newMail())[0]!.subject).toBe('Daily digest: 4 notification rule hits for registrar alpha');
    // Users who want hits at once are not in the digest.
    await hits('ada@alpha', 1, new Date('2026-11-26T09:00:00Z'));
    expect(await run('digest', new Date('2026-11-28T06:00:00Z'))).toBe(0);
  });
});

describe('no mail', () => {
  it('for users who chose off', async () => {
    await setMailChoice(t.database.db, 'off@alpha', 'off');
    // Left unmarked here on purpose: the choice alone keeps them from any mail.
    await hits('off@alpha', 3, new Date('2026-11-26T09:00:00Z'));
    expect(await run('immediate', new Date('2026-11-27T10:00:00Z'))).toBe(0);
    expect(await run('digest', new Date('2026-11-27T06:00:00Z'))).toBe(0);
    expect(await t.newMail()).toEqual([]);
  });

  it("to a user about another registrar's hits, to a disabled user, or to a blocked registrar's users", async () => {
    await hits('ada@alpha', 2, new Date('2026-11-27T09:00:00Z'), 'beta');
    await hits('gone@alpha', 2, new Date('2026-11-27T09:00:00Z'));
    await hits('gus@gamma', 2, new Date('2026-11-27T09:00:00Z'));
    await hits('bea@beta', 1, new Date('2026-11-27T09:00:00Z'));
    expect(await run('immediate', new Date('2026-11-27T10:00:00Z'))).toBe(1);
    const mails = await t.newMail();
    expect(mails.map((mail) => mail.to)).toEqual(['bea.beta@mail.example']);
    expect(mails[0]!.subject).toBe('1 new notification rule hit for registrar beta');
    // Claimed without a mail: they are never mailed later either.
    expect(await unmailed()).toBe(0);
  });
});

describe('two runs at once', () => {
  it('mail each hit exactly once', async () => {
    const at = new Date('2026-11-27T09:59:00Z');
    for (const username of ['ada@alpha', 'bob@alpha', 'noor@alpha', 'bea@beta']) await hits(username, 300, at);
    const now = new Date('2026-11-27T10:00:00Z');
    const counts = await Promise.all([run('immediate', now), run('immediate', now), run('immediate', now)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    const mails = await t.newMail();
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'ada.alpha@mail.example',
      'bea.beta@mail.example',
      'bob.alpha@mail.example',
      'noor.alpha@mail.example',
    ]);
    // Each mail counts all 300 of its user's hits.
    for (const mail of mails) expect(mail.subject).toMatch(/^300 /);
    expect(await unmailed()).toBe(0);
  });
});

describe('the stop link', () => {
  it('asks first, then turns the choice off once; a used or unknown link gets a clear page', async () => {
    await setMailChoice(t.database.db, 'bob@alpha', 'immediate');
    await hits('bob@alpha', 1, new Date('2026-11-27T09:59:00Z'));
    await run('immediate', new Date('2026-11-27T10:00:00Z'));
    const url = stopUrlOf((await t.newMail())[0]!);
    const path = url.pathname + url.search;

    // Opening the link (as a mail scanner would) changes nothing.
    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Stop the mails about notification rule hits for bob@alpha?');
    expect(await mailChoiceOf(t.database.db, 'bob@alpha')).toBe('immediate');

    const key = url.searchParams.get('key')!;
    const done = await t.app.inject({ method: 'POST', url: url.pathname, payload: { key, lang: 'en' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('bob@alpha receives no more mails about notification rule hits.');
    expect(await mailChoiceOf(t.database.db, 'bob@alpha')).toBe('off');
    // Only a digest of the token is stored.
    const stored = await t.database.db.execute<{ token_hash: string }>(sql`SELECT token_hash FROM rule_mail_stop_links WHERE username = 'bob@alpha'`);
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(key);

    const again = await t.app.inject({ method: 'POST', url: url.pathname, payload: { key, lang: 'en' } });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link is unknown, has expired or was already used.');
    const unknown = await t.app.inject({ method: 'GET', url: `${url.pathname}?key=nothing-like-it&lang=de` });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.body).toContain('Dieser Link ist unbekannt, abgelaufen oder wurde bereits verwendet.');

    // No more mail for bob.
    await hits('bob@alpha', 1, new Date('2026-11-27T10:00:30Z'));
    expect(await run('immediate', new Date('2026-11-27T10:01:00Z'))).toBe(0);
  });

  it("takes a mail client's one-click unsubscribe (RFC 8058)", async () => {
    await setMailChoice(t.database.db, 'ada@alpha', 'immediate');
    await hits('ada@alpha', 1, new Date('2026-11-27T09:59:00Z'));
    await run('immediate', new Date('2026-11-27T10:00:00Z'));
    const url = stopUrlOf((await t.newMail())[0]!);
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await mailChoiceOf(t.database.db, 'ada@alpha')).toBe('off');
  });
});
