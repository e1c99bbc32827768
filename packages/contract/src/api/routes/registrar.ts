import { billingPeriodSchema, publicContactSchema, whoisContactSchema } from '../../registrar';
import { eppIpListSchema, eppPasswordChangeSchema } from '../../epp';
import { billingLinesAnswer, eppIpAddressesAnswer, eppPasswordRequiredAnswer, protectedTransactionsAnswer, registrarAnswer } from '../responses/registrar';
import { languageChoiceSchema } from '../../language-choice';
import type { ApiRoute } from '../route';
import { operation } from '../operations';
import { webHandledKeys } from '../web-handled-keys';

const version = 'The `version` the edit started from: a newer saved version answers 409 instead of overwriting it.';
const period = { year: 'The year, four digits.', month: 'The month, 1 to 12 (Brussels time).' };

export const registrarRoutes = [
  {
    ...operation('getRegistrar'),
    tag: 'registrar',
    summary: "Read the caller's registrar",
    description: "The registrar of the caller's token: its status, main, public and WHOIS contacts, and its `version` for the next edit.",
    access: 'readRegistrar',
    answer: { kind: 'json', status: 200, data: registrarAnswer, description: 'The registrar.' },
    errors: { 404: ['error.notFound'] },
  },
  {
    ...operation('updatePublicContact'),
    tag: 'registrar',
    summary: 'Save the public contact',
    description: "Replaces the registrar's public contact (shown in WHOIS and on the registry's site) and answers the saved registrar.",
    access: 'editContacts',
    body: publicContactSchema,
    fields: { version, 'address.countryCode': 'ISO 3166-1 alpha-2, upper case.', phone: '`+CC.NUMBER`, e.g. `+32.91234567`.' },
    answer: { kind: 'json', status: 200, data: registrarAnswer, description: 'The registrar as saved.' },
    errors: { 400: ['validation.countryCode'], 404: ['error.notFound'], 409: ['error.conflict'] },
    webHandles: webHandledKeys.updatePublicContact,
    example: {
      body: {
        organization: 'Acme Registrar NV',
        email: 'info@acme.example',
        phone: '+32.91234567',
        url: 'https://acme.example',
        address: { street: 'Veldstraat 12', postalCode: '9000', city: 'Gent', countryCode: 'BE' },
        version: 3,
      },
    },
  },
  {
    ...operation('updateWhoisContact'),
    tag: 'registrar',
    summary: 'Save a WHOIS contact',
    description: 'Replaces the technical, administrative or abuse contact (`type`) and answers the saved registrar. The abuse contact has no name.',
    access: 'editContacts',
    body: whoisContactSchema,
    fields: { version, type: 'Which contact: TECH, ADMIN or ABUSE.', phone: '`+CC.NUMBER`, e.g. `+32.91234567`.' },
    answer: { kind: 'json', status: 200, data: registrarAnswer, description: 'The registrar as saved.' },
    errors: { 404: ['error.notFound'], 409: ['error.conflict'] },
    webHandles: webHandledKeys.updateWhoisContact,
    example: { body: { type: 'TECH', name: 'Jan Peeters', email: 'tech@acme.example', phone: '+32.91234567', version: 3 } },
  },
  {
    ...operation('getProtectedTransactions'),
    tag: 'registrar',
    summary: 'Read the protected transactions count',
    description: 'The threshold of protected transactions the registry set for the registrar, and how many the current period holds.',
    access: 'readRegistrar',
    answer: { kind: 'json', status: 200, data: protectedTransactionsAnswer, description: 'The threshold and the count.' },
    errors: { 404: ['error.notFound'] },
  },
  {
    ...operation('getBillingLines'),
    tag: 'billing',
    summary: 'List the billing lines of a month',
    description: "Every billable event of the caller's registrar in one calendar month (Brussels time), oldest first.",
    access: 'readBilling',
    apiKeyScope: 'billing',
    query: billingPeriodSchema,
    fields: period,
    answer: { kind: 'json', status: 200, data: billingLinesAnswer, description: 'The month’s billing lines.' },
    example: { query: { year: '2026', month: '10' } },
  },
  {
    ...operation('exportBillingLines'),
    tag: 'billing',
    summary: 'Download the billing lines of a month as CSV',
    description: 'The same lines as CSV. The download is recorded in the history.',
    access: 'readBilling',
    apiKeyScope: 'billing',
    query: billingPeriodSchema,
    fields: period,
    answer: { kind: 'csv', description: 'The month’s billing lines.', fileName: '{YYYYMM}-{handle}-billingLines.csv', recordCount: false },
    example: { query: { year: '2026', month: '10' } },
  },
  {
    ...operation('getEppIpAddresses'),
    tag: 'epp',
    summary: 'Read the EPP IP allow-list',
    description: 'The addresses the registry’s EPP server accepts the registrar’s connections from.',
    access: 'manageEpp',
    answer: { kind: 'json', status: 200, data: eppIpAddressesAnswer, description: 'The allow-list.' },
    errors: { 404: ['error.notFound'] },
  },
  {
    ...operation('replaceEppIpAddresses'),
    tag: 'epp',
    summary: 'Replace the EPP IP allow-list',
    description:
      'Replaces the whole list (at most 10 addresses, 100 for an ICANN SLA registrar); empty entries are ignored. A field message names the entry it is about as `ipAddresses.{index}`. The registrar’s administrators are mailed the change.',
    access: 'manageEpp',
    body: eppIpListSchema,
    fields: { ipAddresses: 'IPv4 or IPv6 addresses, in the order to keep.' },
    answer: { kind: 'json', status: 200, data: eppIpAddressesAnswer, description: 'The list as saved, in canonical form.' },
    errors: { 400: ['validation.ipAddressDuplicate', 'validation.ipAddressTooMany'], 404: ['error.notFound'] },
    webHandles: webHandledKeys.replaceEppIpAddresses,
    example: { body: { ipAddresses: ['192.0.2.10', '2001:db8::10'] } },
  },
  {
    ...operation('isEppPasswordSet'),
    tag: 'epp',
    summary: 'Ask whether an EPP password is set',
    description: 'True once the registrar has an EPP password: a change must then give the current one.',
    access: 'manageEpp',
    answer: { kind: 'json', status: 200, data: eppPasswordRequiredAnswer, description: 'Whether a password is set.' },
    errors: { 404: ['error.notFound'] },
  },
  {
    ...operation('changeEppPassword'),
    tag: 'epp',
    summary: 'Change the EPP password',
    description:
      'Sets a new EPP password: 14 to 16 characters with a digit, an upper-case and a lower-case letter, a special character and a space. Every try counts against a limit per user and per registrar, right or wrong.',
    access: 'manageEpp',
    body: eppPasswordChangeSchema,
    fields: { oldPassword: 'The current password, once one is set.', newPassword: 'The new password.' },
    answer: { kind: 'json', status: 200, data: null, description: 'Changed.' },
    errors: { 400: ['epp.password.wrong', 'unsafe.password', 'validation.required'], 404: ['error.notFound'] },
    webHandles: webHandledKeys.changeEppPassword,
    example: { body: { oldPassword: 'Old pass word 1!', newPassword: 'New pass word 2!' } },
  },
  {
    ...operation('setRegistrarLanguage'),
    tag: 'registrar',
    summary: "Choose the language of the registrar's contact mails",
    description:
      "Sets the language (`en`, `nl`, `fr` or `de`; English until set) of the portal's mails to the caller's registrar's contacts that are no users, such as its technical contact's security notices, and answers the saved registrar. Users get their own language.",
    access: 'setRegistrarLanguage',
    body: languageChoiceSchema,
    fields: { language: 'One of `en`, `nl`, `fr`, `de`.' },
    answer: { kind: 'json', status: 200, data: registrarAnswer, description: 'The registrar as saved.' },
    errors: { 404: ['error.notFound'] },
    example: { body: { language: 'de' } },
  },
] as const satisfies readonly ApiRoute[];
