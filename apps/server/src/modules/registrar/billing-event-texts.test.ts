import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { billingEventTypes } from '@registrar-panel/contract';

/** The web's English texts of the registrar section, where the billing event types are translated. */
const texts = JSON.parse(readFileSync(new URL('../../../../web/src/features/registrar/en.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('billing event type texts', () => {
  const pairs = Object.entries(billingEventTypes).flatMap(([type, subtypes]) => subtypes.map((subtype) => [type, subtype] as const));

  it.each(pairs)('the web has an English text for %s / %s under billing_event_type.{type}.{subtype} in lower case', (type, subtype) => {
    const key = `billing_event_type.${type}.${subtype}`.toLowerCase();
    expect(texts[key], key).toMatch(/\S/);
  });
});
