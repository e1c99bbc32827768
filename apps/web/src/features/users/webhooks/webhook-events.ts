import { auditActionKinds, portalEventKinds, registryMessageEventKind, ruleHitEventKind, type EventKind } from '@registrar-panel/contract';

/**
 * The events to choose: first the registry's messages and the notification rules' hits, then the
 * portal's own changes grouped as the history groups their actions (contacts, EPP, users, API keys).
 * Together every kind the contract's stream has (`eventKinds`).
 */
export function eventKindGroups(): { group: string; kinds: EventKind[] }[] {
  const groups = new Map<string, EventKind[]>([['notifications', [registryMessageEventKind, ruleHitEventKind]]]);
  for (const kind of portalEventKinds) {
    const group = auditActionKinds[kind];
    groups.set(group, [...(groups.get(group) ?? []), kind]);
  }
  return [...groups].map(([group, kinds]) => ({ group, kinds }));
}
