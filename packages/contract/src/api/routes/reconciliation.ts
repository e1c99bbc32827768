import { reconciliationLimits, reconciliationResultsQuerySchema, reconciliationUploadQuerySchema } from '../../reconciliation';
import { reconciliationResultsAnswer, reconciliationRunAnswer, reconciliationRunsAnswer } from '../responses/reconciliation';
import type { ApiRoute } from '../route';
import { operation } from '../operations';
import { reconciliationRunIdParams } from './params';

const runExample = { params: { runId: '00000000-0000-4000-8000-000000000000' } };

/** Reconciliation (issue 34): the registrar's own list compared with its registrations. */
export const reconciliationRoutes = [
  {
    ...operation('startReconciliation'),
    tag: 'registrations',
    summary: 'Reconcile a list of names with the portfolio',
    description:
      'The request body is the registrar’s own list as CSV (`Content-Type: text/csv`), UTF-8 with or without a byte-order mark, separated by commas or semicolons. ' +
      'The first line is a header naming a `name` column (U-label or A-label) and optionally `expiry date` (`YYYY-MM-DD` or `DD/MM/YYYY`), `name servers` (separated by spaces), `registrant` and `DS` (`keytag algorithm digesttype digest`, several separated by `|`); other columns are ignored, and an empty cell is not compared. ' +
      `The file streams into the database and is not kept after the run; it may be up to the configured size (${reconciliationLimits.defaultMaxBytes / 1024 / 1024} MB by default, 413 beyond). ` +
      'One run per registrar at a time (409 while one runs). The answer comes when the comparison is done: counts of names the registry has that the file lacks, names the file has that the registrar does not sponsor, field differences, and bad lines by line number. ' +
      `Results are kept ${reconciliationLimits.retentionDays} days. The upload is recorded in the history.`,
    access: 'readRegistrations',
    query: reconciliationUploadQuerySchema,
    fields: { fileName: 'The file’s name, kept with the run to recognise it by.' },
    answer: { kind: 'json', status: 201, data: reconciliationRunAnswer, description: 'The finished run.' },
    errors: {
      400: ['reconciliation.empty', 'reconciliation.header.noName', 'reconciliation.header.encoding'],
      409: ['reconciliation.running'],
      413: ['reconciliation.tooLarge'],
      415: ['reconciliation.notCsv'],
    },
  },
  {
    ...operation('listReconciliations'),
    tag: 'registrations',
    summary: 'List the reconciliation runs',
    description: `The registrar’s runs of the last ${reconciliationLimits.retentionDays} days, newest first, with the phase and progress of one still running.`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    answer: { kind: 'json', status: 200, data: reconciliationRunsAnswer, description: 'The runs.' },
  },
  {
    ...operation('getReconciliation'),
    tag: 'registrations',
    summary: 'Read one reconciliation run',
    description: 'A run of the caller’s registrar with its counts per kind. Another registrar’s run answers 404, as one that does not exist.',
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    params: reconciliationRunIdParams,
    answer: { kind: 'json', status: 200, data: reconciliationRunAnswer, description: 'The run.' },
    errors: { 404: ['error.notFound'] },
    example: runExample,
  },
  {
    ...operation('getReconciliationResults'),
    tag: 'registrations',
    summary: 'Read what a reconciliation found, one kind a page at a time',
    description: `One kind of result (\`missingFromFile\`, \`notSponsored\`, \`differs\`, \`badLine\`), ${reconciliationLimits.pageSize} a page, in name or line order.`,
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    params: reconciliationRunIdParams,
    query: reconciliationResultsQuerySchema,
    fields: { kind: 'Which kind of result.', page: 'The page, from 0.' },
    answer: { kind: 'json', status: 200, data: reconciliationResultsAnswer, description: 'A page of results and how many of the kind there are.' },
    errors: { 404: ['error.notFound'] },
    example: { ...runExample, query: { kind: 'differs', page: '0' } },
  },
  {
    ...operation('exportReconciliation'),
    tag: 'registrations',
    summary: 'Download what a reconciliation found as CSV',
    description: 'Every result of a run, kind by kind, every cell formula-neutralised. The download is recorded in the history.',
    access: 'readRegistrations',
    apiKeyScope: 'registrations',
    params: reconciliationRunIdParams,
    answer: { kind: 'csv', description: 'The results.', fileName: 'reconciliation_{handle}_{YYYYMMDD-HHmmss}.csv', recordCount: true },
    errors: { 404: ['error.notFound'] },
    example: runExample,
  },
] as const satisfies readonly ApiRoute[];
