import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-title';

describe('document title', () => {
  it("reads '{page} · {section} · {product}', skipping parts that are missing", () => {
    expect(documentTitle(['Search registrations'], '.be registrar panel')).toBe('Search registrations · .be registrar panel');
    expect(documentTitle(['General data', 'Registrar overview'], '.be registrar panel')).toBe('General data · Registrar overview · .be registrar panel');
    expect(documentTitle([undefined, 'EPP settings'], '.be registrar panel')).toBe('EPP settings · .be registrar panel');
  });

  it('is the page alone until the product name is known', () => {
    expect(documentTitle(['Cookie policy'], '')).toBe('Cookie policy');
  });
});
