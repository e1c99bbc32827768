import { ipListProblems, type IpAddressProblem, type Message } from '@registrar-panel/contract';

/*
 * The editing rules of the allowed-IP list (spec sections 2 and 4) as pure functions:
 * - loaded addresses are shown, plus an empty input if below the maximum;
 * - typing in the last input, below the maximum, appends a new empty input;
 * - emptying an input (or its remove icon) removes it;
 * - if the list would become empty, one empty input is kept.
 * Each entry has a stable id, so React keeps the right input (and its focus) when others come and go.
 */

export interface IpEntry {
  id: number;
  value: string;
}

export interface IpListState {
  entries: IpEntry[];
  nextId: number;
}

/** Adds the empty input at the end when there is room for one, and keeps at least one input. */
function withTrailingInput(entries: IpEntry[], nextId: number, max: number): IpListState {
  const last = entries[entries.length - 1];
  if (entries.length === 0 || (entries.length < max && last?.value !== '')) {
    return { entries: [...entries, { id: nextId, value: '' }], nextId: nextId + 1 };
  }
  return { entries, nextId };
}

export function loadIpList(addresses: readonly string[], max: number): IpListState {
  return withTrailingInput(
    addresses.map((value, index) => ({ id: index + 1, value })),
    addresses.length + 1,
    max,
  );
}

export function removeIpEntry(state: IpListState, id: number, max: number): IpListState {
  return withTrailingInput(
    state.entries.filter((entry) => entry.id !== id),
    state.nextId,
    max,
  );
}

/** The user changed an input: an emptied input goes, any other keeps its place with the new text. */
export function editIpEntry(state: IpListState, id: number, value: string, max: number): IpListState {
  if (value === '') return removeIpEntry(state, id, max);
  return withTrailingInput(
    state.entries.map((entry) => (entry.id === id ? { ...entry, value } : entry)),
    state.nextId,
    max,
  );
}

/** What is sent: the addresses without surrounding spaces, empty entries dropped (spec section 5). */
export function ipPayload(state: IpListState): string[] {
  return state.entries.map((entry) => entry.value.trim()).filter((value) => value !== '');
}

/** The browser's own check of every entry, by entry id. */
export function ipEntryProblems(state: IpListState): Map<number, IpAddressProblem> {
  const problems = ipListProblems(state.entries.map((entry) => entry.value));
  const byId = new Map<number, IpAddressProblem>();
  state.entries.forEach((entry, index) => {
    const problem = problems[index];
    if (problem) byId.set(entry.id, problem);
  });
  return byId;
}

/**
 * Places the server's field messages (`ipAddresses.{n}`, n the index in the payload) on the entries
 * they are about; empty entries were not sent, so they are skipped when counting.
 */
export function serverMessagesByEntry(state: IpListState, messages: readonly Message[]): Map<number, Message> {
  const sentIds = state.entries.filter((entry) => entry.value.trim() !== '').map((entry) => entry.id);
  const byId = new Map<number, Message>();
  for (const message of messages) {
    const match = /^ipAddresses\.(\d+)$/.exec(message.field ?? '');
    const id = match ? sentIds[Number(match[1])] : undefined;
    if (id !== undefined && !byId.has(id)) byId.set(id, message);
  }
  return byId;
}
