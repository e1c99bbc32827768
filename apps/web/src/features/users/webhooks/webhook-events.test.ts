import { eventKinds } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { eventKindGroups } from './webhook-events';

describe("the webhook dialog's events", () => {
  it('offer every kind of the event stream once, the messages and rule hits among them', () => {
    const offered = eventKindGroups().flatMap(({ kinds }) => kinds);
    expect([...offered].sort()).toEqual([...eventKinds].sort());
    expect(eventKindGroups()[0]).toEqual({ group: 'notifications', kinds: ['registry.message', 'rule.hit'] });
  });
});
