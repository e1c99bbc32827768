import { domainToASCII } from 'node:url';

/**
 * The A-label of a domain name as a URL gives it (U-label or A-label, any case); a name without a
 * dot is taken under the TLD. Empty when no domain can have that name.
 */
export function aLabelOf(name: string, tld: string): string {
  const text = name.trim().normalize('NFC');
  if (text.length === 0 || text.length > 253) return '';
  return domainToASCII(text.includes('.') ? text : `${text}.${tld}`);
}
