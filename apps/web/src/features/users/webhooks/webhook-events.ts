import { auditActionKinds, portalEventKinds, type PortalEventKind } from '@registrar-panel/contract';

/** The events to choose, grouped as the history groups their actions (contacts, EPP, users, API keys). */
export function eventKindGroups(): { group: string; kinds: PortalEventKind[] }[] {
  const groups = new Map<string, PortalEventKind[]>();
  for (const kind of portalEventKinds) {
    const group = auditActionKinds[kind];
    groups.set(group, [...(groups.get(group) ?? []), kind]);
  }
  return [...groups].map(([group, kinds]) => ({ group, kinds }));
}
