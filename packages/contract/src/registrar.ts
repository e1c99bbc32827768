import { z } from 'zod';
import { limits } from './limits';
import { emailField, optionalText, phoneField, requiredText, urlField } from './validation';

export const registrarStatuses = ['INITIAL', 'ACTIVE', 'BLOCKED', 'SUSPENDED', 'DELETED'] as const;
export type RegistrarStatus = (typeof registrarStatuses)[number];

export interface Address {
  street: string;
  street2?: string;
  street3?: string;
  postalCode: string;
  city: string;
  region?: string;
  countryCode: string;
}

export interface MainContact {
  name: string;
  organization: string;
  address: Address;
  email: string;
  phone: string;
  mobilePhone?: string;
}

export interface PublicContact {
  organization: string;
  address: Address;
  email: string;
  phone: string;
  url: string;
}

export interface WhoisContact {
  name?: string;
  phone: string;
  email: string;
}

export interface AbuseContact {
  phone: string;
  email: string;
}

export interface Registrar {
  handle: string;
  ianaId: number | null;
  status: RegistrarStatus;
  createTimestamp: string;
  activationTimestamp: string | null;
  mainContact: MainContact;
  publicContact: PublicContact;
  techContact: WhoisContact;
  adminContact: WhoisContact;
  abuseContact: AbuseContact;
  /** Changes with every saved edit; sent back on save to detect concurrent edits. */
  version: number;
}

const text = limits.contactTextMaxLength;

/** Public contact form and `PUT /services/registrar` (spec section 5). */
export const publicContactSchema = z.object({
  organization: requiredText(text),
  email: emailField(),
  phone: phoneField,
  url: urlField,
  address: z.object({
    street: requiredText(text),
    street2: optionalText(text),
    street3: optionalText(text),
    postalCode: requiredText(limits.postalCodeMaxLength),
    city: requiredText(text),
    region: optionalText(text),
    countryCode: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .regex(/^[A-Z]{2}$/, { error: 'validation.countryCode' }),
  }),
  /** The registrar version the edit started from. */
  version: z.number().int().optional(),
});
export type PublicContactInput = z.input<typeof publicContactSchema>;

export const whoisContactTypes = ['TECH', 'ADMIN', 'ABUSE'] as const;
export type WhoisContactType = (typeof whoisContactTypes)[number];

/** WHOIS contact form and `POST /services/registrar/whoisContact`; the abuse form has no name. */
export const whoisContactSchema = z.object({
  name: optionalText(text),
  email: emailField(),
  phone: phoneField,
  type: z.enum(whoisContactTypes, { error: 'validation.unknown' }),
  version: z.number().int().optional(),
});
export type WhoisContactInput = z.input<typeof whoisContactSchema>;
