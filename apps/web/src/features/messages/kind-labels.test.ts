import { registryMessageKinds } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';

// A kind added to the contract's list needs its label (and the other languages', by the parity test), nothing else.
describe("the messages' kinds", () => {
  it('each has its label', () => {
    const texts: Record<string, string> = en;
    expect(registryMessageKinds.filter((kind) => !texts[`messages.kind.${kind}`])).toEqual([]);
  });
});
