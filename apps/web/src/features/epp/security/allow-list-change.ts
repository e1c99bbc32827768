import { ipListProblems, type MessageKey } from '@registrar-panel/contract';

/*
 * What an Add or Remove on the security page makes of the saved allow-list, by the edit page's
 * rules (ip-list.ts, the contract's ipListProblems, the registrar's maximum): the list to send, or
 * the message that refuses it. The server checks the same again (epp-ip.service.ts).
 */

export type AllowListPlan =
  | { kind: 'save'; list: string[] }
  /** The list would hold no address: the edit page's small modal asks first. */
  | { kind: 'confirmEmpty' }
  | { kind: 'refused'; messageKey: Extract<MessageKey, 'validation.ipAddress' | 'validation.ipAddressDuplicate' | 'validation.ipAddressTooMany'> };

export function planAdd(saved: readonly string[], address: string, max: number): AllowListPlan {
  const list = [...saved, address];
  const problem = ipListProblems(list).at(-1);
  if (problem) return { kind: 'refused', messageKey: problem };
  if (list.length > max) return { kind: 'refused', messageKey: 'validation.ipAddressTooMany' };
  return { kind: 'save', list };
}

export function planRemove(saved: readonly string[], address: string): AllowListPlan {
  const list = saved.filter((entry) => entry !== address);
  return list.length === 0 ? { kind: 'confirmEmpty' } : { kind: 'save', list };
}
