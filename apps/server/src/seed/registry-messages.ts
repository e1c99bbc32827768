import type { RegistryMessageKind } from '@registrar-panel/contract';
import type { RegistryGenerator } from './generate';
import { randomFor, streams } from './random';

/*
 * The registry's messages to each generated registrar over the last weeks, for the demo's bell and
 * inbox: transfers asked and settled, auto-renewals, a registration entering redemption, a registry
 * lock set, and announcements (a maintenance window to all, a reminder to one). Messages are a log,
 * sent after the snapshot (docs/registry-feed.md, "Messages"), about registrations the snapshot holds.
 */

interface Message {
  at: number;
  registrar: string | null;
  kind: RegistryMessageKind;
  domain: string | null;
  text: string;
}

const hour = 3_600_000;
const day = 24 * hour;

const texts: Record<Exclude<RegistryMessageKind, 'announcement'>, (name: string) => string> = {
  transferRequested: (name) => `Another registrar asked to transfer ${name}. It is approved automatically in 5 days unless you reject it.`,
  transferApproved: (name) => `The transfer of ${name} was approved.`,
  transferRejected: (name) => `The transfer of ${name} was rejected.`,
  transferCancelled: (name) => `The transfer of ${name} was cancelled by the requesting registrar.`,
  transferAutoApproved: (name) => `The transfer of ${name} was approved automatically after 5 days.`,
  domainDeleted: (name) => `The registration ${name} was deleted.`,
  domainAutoRenewed: (name) => `The registration ${name} was renewed automatically for one year.`,
  domainRedemption: (name) => `The registration ${name} entered its redemption period: it can be restored for 30 days.`,
  domainPendingDelete: (name) => `The registration ${name} is pending deletion and will be released in 5 days.`,
  domainRestored: (name) => `The registration ${name} was restored.`,
  holdSet: (name) => `The registry set serverHold on ${name}: it no longer resolves.`,
  holdLifted: (name) => `The registry lifted serverHold on ${name}.`,
  lockSet: (name) => `The registry lock was set on ${name} at the registrant's request.`,
  lockLifted: (name) => `The registry lock on ${name} was lifted.`,
};

/** What a registrar's inbox holds, oldest first: kinds with how many days ago. */
const plan: [Exclude<RegistryMessageKind, 'announcement'>, number][] = [
  ['domainAutoRenewed', 40],
  ['transferApproved', 33],
  ['domainAutoRenewed', 26],
  ['holdSet', 20],
  ['holdLifted', 18],
  ['domainRedemption', 12],
  ['lockSet', 6],
  ['transferRequested', 2],
  ['domainPendingDelete', 1],
];

/**
 * The generated registrars' messages and the registry's announcements, oldest first, as feed lines
 * numbered from `firstSeq`. `names`: registrations of each registrar (from the snapshot), by handle.
 */
export function* messageLines(
  generator: RegistryGenerator,
  { seed, today }: { seed: number; today: number },
  names: ReadonlyMap<string, readonly string[]>,
  firstSeq: number,
): Generator<Record<string, unknown>> {
  const messages = generator.registrars.flatMap((r, index): Message[] => {
    const own = names.get(r.handle) ?? [];
    if (r.status !== 'ACTIVE' || own.length === 0) return [];
    const random = randomFor(seed, streams.registryMessage, index);
    const list = plan.map(([kind, daysAgo]): Message => {
      const name = random.pick([...own]);
      return { at: today - daysAgo * day + random.int(8 * hour, 18 * hour), registrar: r.handle, kind, domain: name, text: texts[kind](name) };
    });
    if (index === 0) {
      list.push({
        at: today - 3 * day + 10 * hour,
        registrar: r.handle,
        kind: 'announcement',
        domain: null,
        text: 'Your EPP client certificate expires within 30 days: upload its successor on the EPP security page.',
      });
    }
    return list;
  });
  messages.push({
    at: today - 4 * day + 9 * hour,
    registrar: null,
    kind: 'announcement',
    domain: null,
    text: 'Planned maintenance: the EPP server and this portal are unavailable on Saturday from 06:00 to 08:00 Brussels time.',
  });
  let seq = firstSeq;
  let id = 880_000;
  // A generator asked for a day ahead of the clock writes no message that has not been written yet.
  for (const m of messages.filter((m) => m.at <= Date.now()).sort((a, b) => a.at - b.at)) {
    yield { seq: seq++, type: 'message', op: 'upsert', data: { id: ++id, ...m, at: new Date(m.at).toISOString() } };
  }
}
