import {
  portfolioChangesQuerySchema,
  portfolioChangesRangeQuerySchema,
  portfolioOnDateQuerySchema,
  portfolioOnDateWholeQuerySchema,
  registrationHistoryLimits,
  registrationTimelineQuerySchema,
} from '../../registration-history';
import {
  portfolioChangeCountsAnswer,
  portfolioChangesAnswer,
  portfolioOnDateAnswer,
  portfolioOnDateCountAnswer,
  registrationTimelineAnswer,
} from '../responses/registration-history';
import { personalDataIn, type ApiRoute } from '../route';
import { operation } from '../operations';
import { domainNameParams } from './params';

const at = 'The date (`YYYY-MM-DD`: its end in Brussels, after that day’s changes) or instant (ISO 8601 with its offset).';
const filters = {
  ulabel: 'Only names matching this pattern, as the search takes it (`*` a wildcard); every name when absent.',
  status: 'Only registrations in this lifecycle status then.',
  label: 'Only registrations that showed this label then.',
  rgp: 'Only registrations in this grace period then (`NONE`: in none).',
  idn: '`true`: only internationalised names.',
  expiresFrom: 'Only registrations that were to expire on or after this day (Brussels, `YYYY-MM-DD`).',
  expiresTo: 'Only registrations that were to expire on or before this day (Brussels, `YYYY-MM-DD`).',
  registrant: 'Only registrations whose registrant had this contact handle then.',
};
const knownPast =
  'The past is known from the portal’s first version of the registrations (its deployment, or the first snapshot) or, once the oldest versions are past retention, from then; an earlier date is refused (400 `registrationHistory.beforeKnownPast`, with that date), never answered with an empty portfolio.';
const changeKinds =
  'Registrations added (created or transferred in), removed (deleted or transferred away) and changed (statuses, grace period, name servers, DS, registrant, expiry) between `from` and `to`: the state at the start compared with the state at the end.';
const range = {
  from: `The start of the period: ${at}`,
  to: `The end of the period, after its start: ${at}`,
};

/** The registrations' past (issue 34): the portfolio on a date, the changes between two dates, one registration's timeline. */
export const registrationHistoryRoutes = [
  {
    ...operation('getPortfolioOnDate'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Read the portfolio on a date',
    description: `Every registration the caller’s registrar sponsored at \`at\`, as it was then, narrowed by the search’s filters (each tested against the state then), in name order, ${registrationHistoryLimits.pageSize} a page; how many there were is \`GET /domains/history/portfolio/count\`. The registrant is given by the handle it had then; its name and e-mail beside it are today’s. A registration transferred away is in the past of the registrar that held it, and only there. ${knownPast}`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: portfolioOnDateQuerySchema,
    fields: { at, ...filters, page: 'The page, from 0.' },
    answer: { kind: 'json', status: 200, data: portfolioOnDateAnswer, description: 'A page of the registrations then.' },
    errors: { 400: ['registrationHistory.beforeKnownPast'] },
    example: { query: { at: '2026-03-03', ulabel: '*', page: '0' } },
    // Each row shows its registrant's name and e-mail as they are today.
    personalData: personalDataIn(portfolioOnDateAnswer, { rows: (data) => data.registrations.length }),
  },
  {
    ...operation('getPortfolioOnDateCount'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Count the portfolio on a date',
    description: `How many registrations the portfolio on \`at\` holds (same filters), a request of its own: a page stops after its rows, the count tests every registration held then (with filters, seconds for a large portfolio). ${knownPast}`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: portfolioOnDateWholeQuerySchema,
    fields: { at, ...filters },
    answer: { kind: 'json', status: 200, data: portfolioOnDateCountAnswer, description: 'How many registrations then.' },
    errors: { 400: ['registrationHistory.beforeKnownPast'] },
    example: { query: { at: '2026-03-03', ulabel: '*' } },
  },
  {
    ...operation('exportPortfolioOnDate'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Export the portfolio on a date as CSV',
    description: `Every registration of the portfolio on \`at\` (same filters, no paging), with the domain report’s columns, the registrant by the handle it had then. ${knownPast} The download is recorded in the history.`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: portfolioOnDateWholeQuerySchema,
    fields: { at, ...filters },
    answer: { kind: 'csv', description: 'The registrations then.', fileName: 'portfolio_{handle}_{YYYYMMDD-HHmmss}.csv', recordCount: true },
    errors: { 400: ['registrationHistory.beforeKnownPast'] },
    example: { query: { at: '2026-03-03' } },
  },
  {
    ...operation('getPortfolioChanges'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Read what changed in the portfolio between two dates',
    description: `${changeKinds} One kind’s list in name order, ${registrationHistoryLimits.pageSize} a page, each with its values before and after; how many of each kind there are is \`GET /domains/history/changes/counts\`. ${knownPast}`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: portfolioChangesQuerySchema,
    fields: { ...range, kind: 'Which kind’s list: `added`, `removed` or `changed`.', page: 'The page, from 0.' },
    answer: { kind: 'json', status: 200, data: portfolioChangesAnswer, description: 'A page of one kind.' },
    errors: { 400: ['registrationHistory.beforeKnownPast'] },
    example: { query: { from: '2026-02-28', to: '2026-03-31', kind: 'changed', page: '0' } },
  },
  {
    ...operation('getPortfolioChangeCounts'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Count what changed in the portfolio between two dates',
    description: `${changeKinds} How many registrations of each kind, a request of its own: it compares every registration the range touched, and takes longer the wider the range (seconds for a year of a large portfolio). ${knownPast}`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: portfolioChangesRangeQuerySchema,
    fields: range,
    answer: { kind: 'json', status: 200, data: portfolioChangeCountsAnswer, description: 'The counts per kind.' },
    errors: { 400: ['registrationHistory.beforeKnownPast'] },
    example: { query: { from: '2026-02-28', to: '2026-03-31' } },
  },
  {
    ...operation('exportPortfolioChanges'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Export what changed between two dates as CSV',
    description: `Every registration added, removed or changed between \`from\` and \`to\`, one line per changed field (one line for an addition or removal), with the values before and after. ${knownPast} The download is recorded in the history.`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    query: portfolioChangesRangeQuerySchema,
    fields: range,
    answer: { kind: 'csv', description: 'The changes.', fileName: 'portfolio-changes_{handle}_{YYYYMMDD-HHmmss}.csv', recordCount: true },
    errors: { 400: ['registrationHistory.beforeKnownPast'] },
    example: { query: { from: '2026-02-28', to: '2026-03-31' } },
  },
  {
    ...operation('getRegistrationTimeline'),
    reads: 'replica',
    tag: 'registrations',
    summary: 'Read one registration’s timeline',
    description: `The versions of a registration while the caller’s registrar sponsored it, newest first, ${registrationHistoryLimits.pageSize} a page: each state with the moment it began and ended. A name the registrar never sponsored since the past is known answers 404, as one that does not exist.`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    params: domainNameParams,
    query: registrationTimelineQuerySchema,
    fields: { page: 'The page, from 0.' },
    answer: { kind: 'json', status: 200, data: registrationTimelineAnswer, description: 'The registration’s versions.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { domainName: 'example.{tld}' }, query: { page: '0' } },
  },
] as const satisfies readonly ApiRoute[];
