import { z } from 'zod';
import { formatFileTimestamp } from './brussels-time';

/*
 * Reconciliation (issue 34): the registrar uploads its own list of names as CSV and gets back what
 * differs from the registry's view of its portfolio. The rules both sides share live here: the
 * columns a header may name, the kinds of result, the fields compared, the limits, the message keys.
 */

/** The fields a file may carry; `name` is required, the others are compared when their column is present and the cell is not empty. */
export const reconciliationFields = ['name', 'expiry', 'nameServers', 'registrant', 'ds'] as const;
export type ReconciliationField = (typeof reconciliationFields)[number];
/** The fields compared with the registry's values (all but the name, which matches the rows). */
export const reconciliationComparedFields = ['expiry', 'nameServers', 'registrant', 'ds'] as const satisfies readonly ReconciliationField[];
export type ReconciliationComparedField = (typeof reconciliationComparedFields)[number];

/**
 * The header names each field is recognised by, compared without case, spaces, `_`, `-` and `.`
 * (`Expiry date`, `expiry_date` and `EXPIRYDATE` are one). A column of another name is ignored;
 * when two columns name one field, the first counts (the domain report has both a U-label and an A-label).
 */
export const reconciliationHeaderNames: Readonly<Record<ReconciliationField, readonly string[]>> = {
  name: ['name', 'domain', 'domainname', 'domainnames', 'ulabel', 'alabel', 'domeinnaam', 'nomdedomaine'],
  expiry: ['expiry', 'expirydate', 'expires', 'expiresat', 'expiration', 'expirationdate', 'vervaldatum', 'dateexpiration', 'ablaufdatum'],
  nameServers: ['nameservers', 'nameserver', 'ns', 'dns', 'naamservers', 'serveursdenoms'],
  registrant: ['registrant', 'registranthandle', 'registrantid', 'houder', 'titulaire', 'inhaber'],
  ds: ['ds', 'dsrecords', 'dsrecord', 'dnssec'],
};

/** A header cell as `reconciliationHeaderNames` compares it. */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

/** What a run finds: names the registry has that the file lacks, names the file has that the registrar does not sponsor, field differences, and lines that could not be read. */
export const reconciliationKinds = ['missingFromFile', 'notSponsored', 'differs', 'badLine'] as const;
export type ReconciliationKind = (typeof reconciliationKinds)[number];

/** A run's phases: the file arriving, the comparison in the database, then done or failed. */
export const reconciliationStates = ['receiving', 'comparing', 'done', 'failed'] as const;
export type ReconciliationState = (typeof reconciliationStates)[number];
export const runningReconciliationStates = ['receiving', 'comparing'] as const satisfies readonly ReconciliationState[];

export const reconciliationLimits = {
  /** The default largest upload, in bytes (the server's `RECONCILIATION_MAX_BYTES`). */
  defaultMaxBytes: 200 * 1024 * 1024,
  /** The longest line (record) read, in bytes; a longer one is a bad line. */
  maxLineBytes: 16 * 1024,
  /** Days a run's results are kept. */
  retentionDays: 30,
  /** Results a page. */
  pageSize: 100,
  /** Minutes after which a run that stopped reporting progress no longer blocks the next one. */
  staleMinutes: 30,
  /** The longest file name kept with a run. */
  fileNameMaxLength: 255,
} as const;

/** Why a line was not compared: one message key each, with the line's number beside it. */
export const reconciliationLineProblems = [
  'reconciliation.line.encoding',
  'reconciliation.line.tooLong',
  'reconciliation.line.fieldCount',
  'reconciliation.line.quotes',
  'reconciliation.line.name',
  'reconciliation.line.expiry',
  'reconciliation.line.nameServers',
  'reconciliation.line.ds',
  'reconciliation.line.registrant',
  'reconciliation.line.duplicate',
] as const;
export type ReconciliationLineProblem = (typeof reconciliationLineProblems)[number];

/** `POST /services/reconciliations?fileName=…`: the file's name as the browser knows it, kept with the run. */
export const reconciliationUploadQuerySchema = z.object({
  fileName: z
    .string({ error: 'error.badRequest' })
    .trim()
    .max(reconciliationLimits.fileNameMaxLength, { error: 'error.badRequest' })
    .optional()
    .transform((name) => (name ? name : undefined)),
});

/** `GET …/results`: one kind, a page at a time (zero-based). */
export const reconciliationResultsQuerySchema = z.object({
  kind: z.enum(reconciliationKinds, { error: 'error.badRequest' }),
  page: z.coerce
    .number({ error: 'error.badRequest' })
    .int({ error: 'error.badRequest' })
    .min(0, { error: 'error.badRequest' })
    .max(1_000_000, { error: 'error.badRequest' })
    .default(0),
});
export type ReconciliationResultsQuery = z.input<typeof reconciliationResultsQuerySchema>;

/** `reconciliation_{handle}_{YYYYMMDD-HHmmss}.csv`, the time of the download in Brussels. */
export function reconciliationCsvFileName(handle: string, at: Date): string {
  return `reconciliation_${handle}_${formatFileTimestamp(at)}.csv`;
}

/** The result file's columns. */
export const reconciliationCsvHeader = ['kind', 'line', 'name', 'field', 'registry', 'file', 'problem'] as const;
