import { describe, expect, it } from 'vitest';
import { editIpEntry, ipEntryProblems, ipPayload, loadIpList, removeIpEntry, serverMessagesByEntry, type IpListState } from './ip-list';

const values = (state: IpListState) => state.entries.map((entry) => entry.value);
const idAt = (state: IpListState, index: number) => state.entries[index]?.id ?? -1;

/** Types `text` into the input at `index`, one character at a time, as a user does. */
function type(state: IpListState, index: number, text: string, max: number): IpListState {
  const id = idAt(state, index);
  let next = state;
  for (const char of text) next = editIpEntry(next, id, (next.entries.find((entry) => entry.id === id)?.value ?? '') + char, max);
  return next;
}

describe('loading the list', () => {
  it('shows the loaded addresses plus one empty input below the maximum', () => {
    expect(values(loadIpList(['192.0.2.1', '2001:db8::1'], 10))).toEqual(['192.0.2.1', '2001:db8::1', '']);
  });

  it('shows one empty input for an empty list', () => {
    expect(values(loadIpList([], 10))).toEqual(['']);
  });

  it('adds no empty input at the maximum', () => {
    const full = Array.from({ length: 10 }, (_, i) => `192.0.2.${i}`);
    expect(values(loadIpList(full, 10))).toEqual(full);
  });

  it('gives every entry its own id', () => {
    const state = loadIpList(['192.0.2.1', '192.0.2.2'], 10);
    expect(new Set(state.entries.map((entry) => entry.id)).size).toBe(3);
  });
});

describe('typing', () => {
  it('appends a new empty input when the user types in the last one', () => {
    const state = type(loadIpList([], 10), 0, '1', 10);
    expect(values(state)).toEqual(['1', '']);
    expect(values(type(state, 0, '0.0.0.1', 10))).toEqual(['10.0.0.1', '']);
  });

  it('keeps the id of the input being typed in, so it keeps the focus', () => {
    const state = loadIpList([], 10);
    const id = idAt(state, 0);
    const typed = type(state, 0, '192', 10);
    expect(idAt(typed, 0)).toBe(id);
    expect(idAt(typed, 1)).not.toBe(id);
  });

  it('appends no input once the maximum is reached', () => {
    let state = loadIpList(
      Array.from({ length: 9 }, (_, i) => `192.0.2.${i}`),
      10,
    );
    expect(state.entries).toHaveLength(10);
    state = type(state, 9, '10.0.0.1', 10);
    expect(state.entries).toHaveLength(10);
    expect(values(state).at(-1)).toBe('10.0.0.1');
  });

  it('does not append when typing in an input that is not the last', () => {
    const state = type(loadIpList(['192.0.2.1'], 10), 0, '0', 10);
    expect(values(state)).toEqual(['192.0.2.10', '']);
  });

  it('follows the maximum of 100 for ICANN SLA users', () => {
    const state = loadIpList(
      Array.from({ length: 99 }, (_, i) => `10.0.0.${i}`),
      100,
    );
    expect(state.entries).toHaveLength(100);
    expect(type(state, 99, '1', 100).entries).toHaveLength(100);
  });
});

describe('emptying and removing', () => {
  it('removes an input the user empties', () => {
    const state = loadIpList(['192.0.2.1', '192.0.2.2'], 10);
    expect(values(editIpEntry(state, idAt(state, 0), '', 10))).toEqual(['192.0.2.2', '']);
  });

  it('removes an input through its remove icon', () => {
    const state = loadIpList(['192.0.2.1', '192.0.2.2', '192.0.2.3'], 10);
    expect(values(removeIpEntry(state, idAt(state, 1), 10))).toEqual(['192.0.2.1', '192.0.2.3', '']);
  });

  it('keeps one empty input when the last address goes', () => {
    let state = loadIpList(['192.0.2.1'], 10);
    state = editIpEntry(state, idAt(state, 0), '', 10);
    expect(values(state)).toEqual(['']);
    state = removeIpEntry(state, idAt(state, 0), 10);
    expect(values(state)).toEqual(['']);
  });

  it('offers an empty input again after removing one from a full list', () => {
    const full = loadIpList(
      Array.from({ length: 10 }, (_, i) => `192.0.2.${i}`),
      10,
    );
    const state = removeIpEntry(full, idAt(full, 3), 10);
    expect(state.entries).toHaveLength(10);
    expect(values(state).at(-1)).toBe('');
    expect(values(state)).not.toContain('192.0.2.3');
  });

  it('never holds two empty inputs', () => {
    let state = loadIpList(['192.0.2.1', '192.0.2.2'], 10);
    state = editIpEntry(state, idAt(state, 1), '', 10);
    state = editIpEntry(state, idAt(state, 0), '', 10);
    expect(values(state)).toEqual(['']);
  });
});

describe('what is sent and what is wrong', () => {
  it('drops empty entries and surrounding spaces from the payload', () => {
    const state = type(loadIpList(['192.0.2.1'], 10), 1, ' 10.0.0.1 ', 10);
    expect(ipPayload(state)).toEqual(['192.0.2.1', '10.0.0.1']);
    expect(ipPayload(loadIpList([], 10))).toEqual([]);
  });

  it('flags invalid entries and the later of two equal addresses, by entry id', () => {
    let state = loadIpList(['2001:db8::1', '192.0.2.1'], 10);
    state = type(state, 2, '2001:0DB8::0001', 10);
    state = type(state, 3, '1.2.3', 10);
    const problems = ipEntryProblems(state);
    expect([...problems.entries()]).toEqual([
      [idAt(state, 2), 'validation.ipAddressDuplicate'],
      [idAt(state, 3), 'validation.ipAddress'],
    ]);
  });

  it('places server messages on the entry they are about, counting only sent entries', () => {
    const state: IpListState = {
      entries: [
        { id: 7, value: '192.0.2.1' },
        { id: 8, value: '  ' },
        { id: 9, value: '1::2::3' },
        { id: 10, value: '' },
      ],
      nextId: 11,
    };
    const message = { messageKey: 'validation.ipAddress', defaultMessage: ' Invalid characters were used.', field: 'ipAddresses.1' };
    expect([...serverMessagesByEntry(state, [message, { messageKey: 'x', defaultMessage: 'y' }]).entries()]).toEqual([[9, message]]);
  });
});
