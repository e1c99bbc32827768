import { domainToASCII } from 'node:url';
import { adjectives, idnWords, localNouns, nouns, peopleNames, places } from './words';
import type { Random } from './random';

export interface DomainName {
  /** The Unicode form (equal to the A-label for an ASCII name). */
  uLabel: string;
  /** The ASCII (Punycode) form. */
  aLabel: string;
}

const surnames = Object.values(peopleNames).flatMap((names) => names.last.map((name) => name.toLowerCase()));
const businessNouns = [...nouns, ...localNouns];
const singleWords = [...nouns, ...adjectives, ...places];
const firstNames = Object.values(peopleNames).flatMap((names) => names.first.map((name) => name.toLowerCase()));

/** Lower case, accents kept; anything a label cannot hold is dropped. */
function labelPart(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}-]/gu, '');
}

/** The shapes real registrations take, with how often they occur. */
const shapes = {
  adjectiveNoun: 18,
  nounNoun: 14,
  adjectiveDashNoun: 6,
  nounDashPlace: 8,
  placeNoun: 6,
  localNounPlace: 6,
  surnameNoun: 6,
  firstSurname: 4,
  nounNumber: 5,
  adjectiveNounNumber: 4,
  acronymNoun: 4,
  single: 2,
  idn: 9,
  idnCombined: 8,
} as const;

function candidate(random: Random): string {
  switch (random.weighted(shapes)) {
    case 'adjectiveNoun':
      return random.pick(adjectives) + random.pick(nouns);
    case 'nounNoun':
      return random.pick(nouns) + random.pick(nouns);
    case 'adjectiveDashNoun':
      return `${random.pick(adjectives)}-${random.pick(nouns)}`;
    case 'nounDashPlace':
      return `${random.pick(nouns)}-${random.pick(places)}`;
    case 'placeNoun':
      return random.pick(places) + random.pick(nouns);
    case 'localNounPlace':
      return `${random.pick(localNouns)}${random.chance(0.5) ? '-' : ''}${random.pick(places)}`;
    case 'surnameNoun':
      return `${labelPart(random.pick(surnames))}-${random.pick(businessNouns)}`;
    case 'firstSurname':
      return labelPart(random.pick(firstNames)) + (random.chance(0.3) ? '-' : '') + labelPart(random.pick(surnames));
    case 'nounNumber':
      return random.pick(nouns) + String(random.int(1, 9999));
    case 'adjectiveNounNumber':
      return random.pick(adjectives) + random.pick(nouns) + String(random.int(1, 99));
    case 'acronymNoun':
      return random.hex(3).replace(/[0-9]/g, (d) => 'abcdefghij'.charAt(Number(d))) + random.pick(nouns);
    case 'single':
      return random.pick(singleWords);
    case 'idn':
      return labelPart(random.pick(idnWords)) + (random.chance(0.5) ? random.pick(nouns) : `-${random.pick(places)}`);
    case 'idnCombined':
      return `${random.pick(adjectives)}-${labelPart(random.pick(idnWords))}`;
  }
}

/**
 * Remembers which names were handed out, in a fixed-size open-addressing table of 32-bit hashes
 * (about 8 bytes per name, so 7 million names fit in 64 MB). Two different names with one hash make
 * the second one look taken; it then gets a number appended, which keeps names unique.
 */
export class NameRegistry {
  private readonly table: Uint32Array;
  private readonly mask: number;

  constructor(capacity: number) {
    let size = 1024;
    while (size < capacity * 2) size *= 2;
    this.table = new Uint32Array(size);
    this.mask = size - 1;
  }

  /** Claims the name; false when it (or a name with the same hash) was claimed before. */
  claim(name: string): boolean {
    let hash = 0x811c9dc5;
    for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
    hash = hash >>> 0 || 1;
    let slot = hash & this.mask;
    for (;;) {
      const current = this.table[slot];
      if (current === 0) {
        this.table[slot] = hash;
        return true;
      }
      if (current === hash) return false;
      slot = (slot + 1) & this.mask;
    }
  }
}

/** The next unique registrable name under the TLD, with its A-label. */
export function nextDomainName(random: Random, registry: NameRegistry, tld: string): DomainName {
  for (let attempt = 0; ; attempt++) {
    let label = candidate(random).slice(0, 50);
    if (attempt > 0) label += String(random.int(2, 99 + attempt * 100));
    const uLabel = `${label.normalize('NFC')}.${tld}`;
    const aLabel = domainToASCII(uLabel);
    if (aLabel === '' || !registry.claim(aLabel)) continue;
    return { uLabel, aLabel };
  }
}
