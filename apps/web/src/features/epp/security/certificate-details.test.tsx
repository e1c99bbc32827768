import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { validityState } from './certificate-details';
import { Fingerprint } from './fingerprint';

/* What the certificate card shows of a fingerprint and of the time left (the unit runs in Node: the server renderer needs no DOM). */

describe('a certificate on the Security page', () => {
  it('shows the fingerprint as TLS tools print it, free to wrap after each colon', () => {
    const markup = renderToStaticMarkup(<Fingerprint value={'3f2a'.repeat(16)} />);
    const text = markup.replace(/<[^>]+>/g, '');
    expect(text).toBe(Array.from({ length: 32 }, (_, i) => (i % 2 === 0 ? '3F' : '2A')).join(':'));
    expect(markup.match(/<wbr\/>/g)).toHaveLength(31);
  });

  it('warns from 30 days left, and once expired even on its last day', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(validityState({ notAfter: '2027-01-10T00:00:00Z', daysLeft: 44 }, now)).toBe('valid');
    expect(validityState({ notAfter: '2026-12-27T00:00:00Z', daysLeft: 30 }, now)).toBe('soon');
    expect(validityState({ notAfter: '2026-11-27T18:00:00Z', daysLeft: 0 }, now)).toBe('soon');
    expect(validityState({ notAfter: '2026-11-27T11:00:00Z', daysLeft: 0 }, now)).toBe('expired');
  });
});
