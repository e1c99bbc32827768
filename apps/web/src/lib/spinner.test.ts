import { beforeEach, describe, expect, it } from 'vitest';
import { pendingRequests, requestEnded, requestStarted } from './spinner';

beforeEach(() => pendingRequests.set(0));

describe('spinner request counting', () => {
  it('stays up while any request is in flight and drops when the last one ends', () => {
    const seen: number[] = [];
    const unsubscribe = pendingRequests.subscribe(() => seen.push(pendingRequests.get()));
    requestStarted();
    requestStarted();
    requestEnded();
    expect(pendingRequests.get()).toBe(1);
    requestEnded();
    unsubscribe();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('never counts below zero, so an extra end cannot hide the spinner of a later request', () => {
    requestEnded();
    requestStarted();
    expect(pendingRequests.get()).toBe(1);
  });
});
