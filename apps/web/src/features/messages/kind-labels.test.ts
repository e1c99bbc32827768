import { inboxMessageKinds } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';

// A kind added to the contract's list of the inbox's kinds (the registry's, and the rules' hits) needs its label (and the other languages', by the parity test), nothing else.
describe("the messages' kinds", () => {
  it('each has its label', () => {
    const texts: Record<string, string> = en;
    expect(inboxMessageKinds.filter((kind) => !texts[`messages.kind.${kind}`])).toEqual([]);
  });
});
