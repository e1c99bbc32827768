import { domainToASCII } from 'node:url';
import { companySuffixes, idnWords, nouns, peopleNames, tlds } from './words';
import { countries, countryWeights, countryByCode, type Country } from './places';
import type { Random } from './random';

/** A registry contact row, in the column order of `contactColumns`. */
export interface ContactRecord {
  handle: string;
  roid: string;
  registrarHandle: string;
  name: string;
  organization: string | null;
  phone: string;
  fax: string | null;
  email: string;
  emailUnicode: string | null;
  street: string;
  street2: string | null;
  street3: string | null;
  postalCode: string;
  city: string;
  region: string | null;
  countryCode: string;
  createdAt: Date;
}

export type ContactKind = 'person' | 'organisation' | 'staff';

/** Handles look like the registry's (`c10000042`); the roid adds the repository suffix. */
export function contactHandle(index: number): string {
  return `c${10_000_000 + index}`;
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function phoneNumber(random: Random, country: Country): string {
  let digits = String(random.int(1, 9));
  while (digits.length < country.phoneDigits) digits += String(random.int(0, 9));
  return `+${country.phonePrefix}.${digits}`;
}

function streetLine(random: Random, country: Country): string {
  const street = random.pick(country.streets);
  const number = String(random.int(1, 240)) + (random.chance(0.1) ? random.pick(['A', 'B', 'C']) : '');
  return country.numberFirst ? `${number} ${street}` : `${street} ${number}`;
}

const secondLines: Record<string, readonly string[]> = {
  nl: ['bus 2', 'bus 14', '2de verdieping', 'Gebouw B'],
  fr: ['boîte 3', '2e étage', 'Bâtiment C', 'Résidence Les Tilleuls'],
  de: ['2. Obergeschoss', 'Hinterhaus', 'Aufgang B'],
  en: ['Suite 200', 'Unit 4', 'Floor 3', 'Apartment 12B'],
};

/** A registrant or domain contact with a complete address in one of many countries. */
export function buildContact(random: Random, index: number, registrarHandle: string, kind: ContactKind, createdAt: Date, countryCode?: string): ContactRecord {
  const country = countryByCode.get(countryCode ?? random.weighted(countryWeights)) ?? countries[0]!;
  const people = peopleNames[country.language] ?? peopleNames.en!;
  const first = random.pick(people.first);
  const last = random.pick(people.last);
  const name = `${first} ${last}`;
  const company = `${random.pick(nouns).replace(/^./, (c) => c.toUpperCase())} ${random.pick([last, random.pick(nouns)]).replace(/^./, (c) => c.toUpperCase())}`;
  const organization = kind === 'person' && random.chance(0.75) ? null : `${company} ${random.pick(companySuffixes[country.code] ?? ['Ltd'])}`;
  const mailDomain = organization
    ? `${ascii(company)}.${random.pick([country.code.toLowerCase(), ...tlds])}`
    : `${random.pick(['mail', 'post', 'inbox', 'webmail', 'online'])}${random.pick(['box', 'net', 'point', 'central'])}.${random.pick(tlds)}`;
  const localPart = kind === 'staff' ? random.pick(['hostmaster', 'dns', 'domains', 'tech', 'admin']) : `${ascii(first)}.${ascii(last)}`;
  let email = `${localPart}@${mailDomain}`;
  let emailUnicode: string | null = null;
  if (random.chance(0.04)) {
    // An internationalised mail domain: the ASCII form goes to `email`, the Unicode form next to it.
    const unicodeDomain = `${random.pick(idnWords)}-${random.pick(nouns)}.${random.pick(tlds)}`;
    const asciiDomain = domainToASCII(unicodeDomain);
    if (asciiDomain) {
      email = `${localPart}@${asciiDomain}`;
      emailUnicode = `${localPart}@${unicodeDomain}`;
    }
  }
  const city = random.pick(country.cities);
  const lines = secondLines[country.language] ?? secondLines.en!;
  return {
    handle: contactHandle(index),
    roid: `C${10_000_000 + index}-REP`,
    registrarHandle,
    name,
    organization,
    phone: phoneNumber(random, country),
    fax: random.chance(0.15) ? phoneNumber(random, country) : null,
    email,
    emailUnicode,
    street: streetLine(random, country),
    street2: random.chance(0.2) ? random.pick(lines) : null,
    street3: random.chance(0.03) ? random.pick(lines) : null,
    postalCode: city.postalCode,
    city: city.name,
    region: city.region ?? null,
    countryCode: country.code,
    createdAt,
  };
}
