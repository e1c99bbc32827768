import type { Address } from '@registrar-panel/contract';
import type { registrars } from '../db/schema';
import { phoneNumber } from './contacts';
import { countries, countryByCode } from './places';
import { Random, mixSeed, streams } from './random';
import { adjectives, peopleNames } from './words';

export type RegistrarRow = typeof registrars.$inferInsert;

const day = 86_400_000;

/** The registrars demo users belong to; the scale generator starts with them too. */
export const demoRegistrarHandles = ['acme', 'globex', 'icannsla'] as const;

interface Identity {
  handle: string;
  brand: string;
  legalName: string;
  ianaId: number;
  countryCode: string;
  website: string;
}

const demoIdentities: Record<(typeof demoRegistrarHandles)[number], Identity> = {
  acme: { handle: 'acme', brand: 'Acme Domains', legalName: 'Acme Domains BV', ianaId: 1401, countryCode: 'BE', website: 'https://www.acme-domains.example' },
  globex: {
    handle: 'globex',
    brand: 'Globex Registrar',
    legalName: 'Globex Registrar GmbH',
    ianaId: 1759,
    countryCode: 'DE',
    website: 'https://globex.example',
  },
  // IANA ID 9997 is the one ICANN uses for its SLA monitoring registrar.
  icannsla: {
    handle: 'icannsla',
    brand: 'ICANN SLA Monitoring',
    legalName: 'Internet Corporation for Assigned Names and Numbers',
    ianaId: 9997,
    countryCode: 'US',
    website: 'https://www.icann.example',
  },
};

const handleWords = ['domains', 'names', 'hosting', 'web', 'net', 'registrar', 'online', 'dns'];

function identityFor(index: number, seed: number): Identity {
  const demo = demoRegistrarHandles[index];
  if (demo) return demoIdentities[demo];
  const random = new Random(mixSeed(seed, streams.registrar, index, 1));
  const adjective = random.pick(adjectives);
  const word = random.pick(handleWords);
  const handle = `${adjective}${word}${index}`;
  const brand = `${adjective.replace(/^./, (c) => c.toUpperCase())} ${word.replace(/^./, (c) => c.toUpperCase())}`;
  const country = random.pick(countries.slice(0, 10));
  const suffix = { BE: 'BV', NL: 'B.V.', FR: 'SAS', LU: 'S.A.', DE: 'GmbH', AT: 'GmbH', CH: 'AG', GB: 'Ltd', IE: 'Ltd', US: 'Inc.' }[country.code] ?? 'Ltd';
  return { handle, brand, legalName: `${brand} ${suffix}`, ianaId: 2000 + index * 7, countryCode: country.code, website: `https://www.${handle}.example` };
}

/** Protected-transaction state; globex has reached its threshold, so its panel shows the reset date. */
function protectedTransactions(index: number, random: Random, today: number) {
  if (demoRegistrarHandles[index] === 'globex') return { protectedTxThreshold: 250, protectedTxCount: 250, protectedTxPeriodEnd: new Date(today + 12 * day) };
  if (demoRegistrarHandles[index] === 'icannsla') return { protectedTxThreshold: 0, protectedTxCount: 0, protectedTxPeriodEnd: null };
  const threshold = random.pick([0, 100, 500, 1000, 5000]);
  const count = threshold === 0 ? 0 : random.chance(0.1) ? threshold : random.int(0, threshold - 1);
  return { protectedTxThreshold: threshold, protectedTxCount: count, protectedTxPeriodEnd: threshold === 0 ? null : new Date(today + random.int(1, 30) * day) };
}

/**
 * A registrar with complete main, public, tech, admin and abuse contacts (valid against the
 * contract's contact schemas), an IANA ID, a status and protected-transaction counters.
 */
export function buildRegistrar(index: number, seed: number, today: number): RegistrarRow {
  const identity = identityFor(index, seed);
  const random = new Random(mixSeed(seed, streams.registrar, index));
  const country = countryByCode.get(identity.countryCode) ?? countries[0]!;
  const people = peopleNames[country.language] ?? peopleNames.en!;
  const person = () => `${random.pick(people.first)} ${random.pick(people.last)}`;
  const city = country.cities[0]!;
  const address: Address = {
    street: country.numberFirst ? `${random.int(1, 99)} ${country.streets[0]}` : `${country.streets[0]} ${random.int(1, 99)}`,
    ...(random.chance(0.5) ? { street2: 'Floor 2' } : {}),
    postalCode: city.postalCode,
    city: city.name,
    ...(city.region ? { region: city.region } : {}),
    countryCode: country.code,
  };
  const mailDomain = new URL(identity.website).hostname.replace(/^www\./, '');
  // Older registrars first: the first ones started years ago, so their billing history is long.
  const createdAt = new Date(today - (9 - Math.min(index, 6)) * 365 * day - random.int(0, 200) * day);
  const status = demoRegistrarHandles[index] ? 'ACTIVE' : random.weighted({ ACTIVE: 85, INITIAL: 4, BLOCKED: 4, SUSPENDED: 4, DELETED: 3 });
  return {
    handle: identity.handle,
    ianaId: identity.ianaId,
    status,
    createdAt,
    activatedAt: status === 'INITIAL' ? null : new Date(createdAt.getTime() + random.int(3, 40) * day),
    mainContact: {
      name: person(),
      organization: identity.legalName,
      address,
      email: `management@${mailDomain}`,
      phone: phoneNumber(random, country),
      mobilePhone: phoneNumber(random, country),
    },
    publicContact: { organization: identity.brand, address, email: `info@${mailDomain}`, phone: phoneNumber(random, country), url: identity.website },
    techContact: { name: person(), phone: phoneNumber(random, country), email: `tech@${mailDomain}` },
    adminContact: { name: person(), phone: phoneNumber(random, country), email: `admin@${mailDomain}` },
    abuseContact: { phone: phoneNumber(random, country), email: `abuse@${mailDomain}` },
    ...protectedTransactions(index, random, today),
  };
}
