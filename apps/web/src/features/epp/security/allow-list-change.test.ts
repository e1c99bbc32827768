import { describe, expect, it } from 'vitest';
import { planAdd, planRemove } from './allow-list-change';

describe('Add to the list and Remove, by the edit page rules', () => {
  it('adds an address at the end of the saved list', () => {
    expect(planAdd(['192.0.2.10'], '203.0.113.7', 10)).toEqual({ kind: 'save', list: ['192.0.2.10', '203.0.113.7'] });
  });

  it('refuses an address already on the list, compared as addresses, with the duplicate message', () => {
    expect(planAdd(['2001:db8::1'], '2001:DB8:0::1', 10)).toEqual({ kind: 'refused', messageKey: 'validation.ipAddressDuplicate' });
  });

  it('refuses what is no address with the format message', () => {
    expect(planAdd([], '203.0.113.300', 10)).toEqual({ kind: 'refused', messageKey: 'validation.ipAddress' });
  });

  it('refuses an eleventh address (the maximum), and allows it where the maximum is 100', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `192.0.2.${i + 1}`);
    expect(planAdd(ten, '203.0.113.7', 10)).toEqual({ kind: 'refused', messageKey: 'validation.ipAddressTooMany' });
    expect(planAdd(ten, '203.0.113.7', 100).kind).toBe('save');
  });

  it('removes an address, and asks first when the list would be left empty', () => {
    expect(planRemove(['192.0.2.10', '198.51.100.1'], '192.0.2.10')).toEqual({ kind: 'save', list: ['198.51.100.1'] });
    expect(planRemove(['192.0.2.10'], '192.0.2.10')).toEqual({ kind: 'confirmEmpty' });
  });
});
