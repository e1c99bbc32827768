import { domainSearchExportQuerySchema, domainSearchQuerySchema } from '../../domains';
import { contactAnswer, domainAnswer, domainSearchResponseSchema, portfolioOverviewAnswer, transferAnswer } from '../responses/registrations';
import { personalDataIn, type ApiRoute } from '../route';
import { operation } from '../operations';
import { webHandledKeys } from '../web-handled-keys';
import { contactHandleParams, domainNameParams, registrarHandleParams } from './params';

const filters = {
  status: 'Only registrations in this lifecycle status.',
  label: 'Only registrations that show this label.',
  rgp: 'Only registrations in this grace period (`NONE`: in none).',
  idn: '`true`: only internationalised names.',
  expiresFrom: 'Only registrations expiring on or after this day (Brussels, `YYYY-MM-DD`).',
  expiresTo: 'Only registrations expiring on or before this day (Brussels, `YYYY-MM-DD`).',
  registrant: "Only registrations of this registrant's contact handle.",
};
const ulabel = 'The name to search for; `*` is a wildcard (`shop*`, `*bakery*`, `*` for all). Unicode or ASCII.';

export const registrationRoutes = [
  {
    ...operation('searchRegistrations'),
    reads: 'replica',
    tag: 'registrations',
    summary: "Search the registrar's registrations",
    description:
      "The caller's registrations whose name matches `ulabel`, narrowed by the optional filters, a page at a time (zero-based `page`, at most 100 a page). The first page answers a `checkpoint`: pass it back with the next pages so that registrations created meanwhile do not shift them.",
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: domainSearchQuerySchema,
    fields: {
      ulabel,
      page: 'The page, from 0.',
      size: 'Registrations a page, 1 to 100.',
      checkpoint: "The first page's `data.checkpoint`, for the pages after it.",
      ...filters,
    },
    answer: { kind: 'json', status: 200, data: domainSearchResponseSchema, description: 'A page of matching registrations, and how many match in all.' },
    webHandles: webHandledKeys.searchRegistrations,
    example: { query: { ulabel: 'shop*', page: '0', size: '100' } },
    // Each result shows its registrant's name and e-mail.
    personalData: personalDataIn(domainSearchResponseSchema, { rows: (data) => data.results.length }),
  },
  {
    ...operation('exportRegistrations'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Export a search as CSV',
    description:
      'Every registration a search finds (same `ulabel` and filters, no paging), with the domain report’s columns. The download is recorded in the history.',
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: domainSearchExportQuerySchema,
    fields: { ulabel, ...filters },
    answer: { kind: 'csv', description: 'The matching registrations.', fileName: 'registrations_{handle}_{YYYYMMDD-HHmmss}.csv', recordCount: true },
    example: { query: { ulabel: '*', status: 'ok' } },
  },
  {
    ...operation('getPortfolioOverview'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Count the portfolio',
    description:
      "The caller's registrations counted by lifecycle status, label and grace period, the IDNs, what expires in 30, 60 and 90 days, and the renewal forecast of the next twelve months.",
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    answer: { kind: 'json', status: 200, data: portfolioOverviewAnswer, description: 'The counts, as of `asOf`.' },
  },
  {
    ...operation('exportRenewalForecast'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Download the renewal forecast as CSV',
    description: 'The registrations expiring in each of the next twelve months (Brussels), the current month first. The download is recorded in the history.',
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    answer: { kind: 'csv', description: 'One row a month.', fileName: 'renewal_forecast_{handle}_{YYYYMMDD-HHmmss}.csv', recordCount: true },
  },
  {
    ...operation('getRegistration'),
    tag: 'registrations',
    summary: 'Read one registration',
    description:
      "One of the caller's registrations with its statuses, contacts, name servers and DNSSEC keys. A name another registrar holds answers 404, as one that does not exist.",
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    params: domainNameParams,
    answer: { kind: 'json', status: 200, data: domainAnswer, description: 'The registration.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { domainName: 'example.{tld}' } },
    // The registrant's name and e-mail, and every contact's handle.
    personalData: personalDataIn(domainAnswer, {
      rows: () => 1,
      handles: ({ domain }) => [...new Set([...(domain.registrant === null ? [] : [domain.registrant]), ...domain.contacts.map((contact) => contact.handle)])],
    }),
  },
  {
    ...operation('getTransfer'),
    tag: 'registrations',
    summary: "Read a registration's latest transfer",
    description:
      "The latest transfer of one of the caller's registrations. A registration that never moved answers `transfer: null` with the notice `no.transfer.history`.",
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    params: domainNameParams,
    answer: { kind: 'json', status: 200, data: transferAnswer, description: 'The latest transfer, or null.', messages: ['no.transfer.history'] },
    errors: { 404: ['error.notFound'] },
    webHandles: webHandledKeys.getTransfer,
    example: { params: { domainName: 'example.{tld}' } },
  },
  {
    ...operation('getContact'),
    tag: 'registrations',
    summary: 'Read a registry contact',
    description: "A contact of the caller's registrar. Another registrar's contact answers 404.",
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    params: contactHandleParams,
    answer: { kind: 'json', status: 200, data: contactAnswer, description: 'The contact.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { handle: 'c100' } },
    personalData: personalDataIn(contactAnswer, { rows: () => 1, handles: ({ contact }) => [contact.handle] }),
  },
  {
    ...operation('downloadDomainReport'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Download the domain report as CSV',
    description:
      "Every registration of the caller's registrar, one row each, streamed. `x-record-count` says how many rows follow before the file starts. The download is recorded in the history.",
    access: 'downloadDomainReport',
    apiKeyScope: 'domainReport',
    params: registrarHandleParams,
    answer: { kind: 'csv', description: 'The domain report.', fileName: 'domain_names_{handle}_{YYYYMMDD-HHmmss}.csv', recordCount: true },
    errors: { 404: ['error.notFound'] },
    example: { params: { handle: 'acme' } },
  },
] as const satisfies readonly ApiRoute[];
