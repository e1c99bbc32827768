import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import {
  reconciliationCsvFileName,
  reconciliationCsvHeader,
  reconciliationKinds,
  reconciliationLimits,
  type ReconciliationKind,
  type ReconciliationResult,
  type ReconciliationResultsResponse,
  type ReconciliationRun,
} from '@registrar-panel/contract';
import type { Database } from '../../db/database';
import { ensureMonthlyPartitions } from '../../db/monthly-partitions';
import { AppError, notFound } from '../../errors';
import type { CsvFile } from '../../lib/csv-file';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import {
  compare,
  openStaging,
  deleteRun,
  findRun,
  finishRun,
  listRuns,
  reportProgress,
  resultRecords,
  resultsPage,
  stagingCopySql,
  startRun,
  type RunRow,
} from './reconciliation.repository';
import { StagingTransform, UploadTooLarge } from './reconciliation-upload';

/*
 * Reconciliation: the registrar's own list, uploaded as CSV, compared with its registrations. A run
 * is taken under the registrar's one-run lock (the run's INSERT), its file streamed through the
 * parser into a temporary table with COPY (never held whole, never kept), compared in the database,
 * and its results kept for 30 days (jobs/retention.ts). The upload and each download are in the history.
 */

export interface ReconciliationDeps {
  database: Database;
  tld: string;
  maxBytes: number;
  retentionDays: number;
}

/** How often a run's progress is written for the page's progress bar. */
const progressEveryMs = 500;
const csvTypes = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel']);
const megabytes = (bytes: number) => Math.floor(bytes / 1024 / 1024);

export function presentRun(row: RunRow, retentionDays: number): ReconciliationRun {
  const counts = Object.fromEntries(reconciliationKinds.map((kind) => [kind, row.counts[kind] ?? 0])) as Record<ReconciliationKind, number>;
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state as ReconciliationRun['state'],
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    startedBy: row.startedBy,
    bytesReceived: row.bytesReceived,
    bytesTotal: row.bytesTotal,
    linesRead: row.linesRead,
    columns: row.columns as ReconciliationRun['columns'],
    counts,
    failure: row.failure,
    expiresAt: new Date(row.startedAt.getTime() + retentionDays * 86_400_000).toISOString(),
  };
}

function tooLarge(maxBytes: number): AppError {
  return AppError.of(413, 'reconciliation.tooLarge', { params: { max: megabytes(maxBytes) } });
}

/** The request's declared length, when it declares one. */
function declaredLength(request: IncomingMessage): number | null {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * Takes the uploaded file from the request and runs the comparison. Refused before a byte is read:
 * another content type (415), a declared length over the bound (413), a run already under way (409).
 * Refused while reading (nothing of the run kept): more bytes than the bound (413), a header without
 * a name column (400).
 */
export async function reconcile(
  deps: ReconciliationDeps,
  user: SignedInUser,
  fileName: string | undefined,
  request: IncomingMessage,
): Promise<ReconciliationRun> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!csvTypes.has(type)) throw AppError.of(415, 'reconciliation.notCsv');
  const bytesTotal = declaredLength(request);
  if (bytesTotal !== null && bytesTotal > deps.maxBytes) throw tooLarge(deps.maxBytes);
  const { db, pool } = deps.database;
  const run = await startRun(db, { registrarHandle: user.registrarHandle, startedBy: user.username, fileName: fileName ?? null, bytesTotal });
  if (!run) throw AppError.of(409, 'reconciliation.running');

  const client = await pool.connect();
  let clientBroken = false;
  const staging = new StagingTransform(deps.tld, deps.maxBytes);
  let lastProgress: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    lastProgress = lastProgress.then(() => reportProgress(db, run.id, { bytesReceived: staging.bytes, linesRead: staging.lines })).catch(() => undefined);
  }, progressEveryMs);
  try {
    await openStaging(client);
    try {
      // Piped rather than put in the pipeline: a refusal mid-file must leave the request to be
      // answered (413, 400), not destroy it; a request cut off by the client ends the run.
      request.on('close', () => {
        if (!request.readableEnded) staging.destroy(new Error('the upload was cut off'));
      });
      request.pipe(staging);
      await pipeline(staging, client.query(copyFrom(stagingCopySql)));
    } finally {
      clearInterval(timer);
      await lastProgress;
    }
    await reportProgress(db, run.id, { bytesReceived: staging.bytes, linesRead: staging.lines, state: 'comparing' });
    await ensureMonthlyPartitions(db, 'reconciliation_results', run.startedAt, run.startedAt);
    const fields = staging.comparedFields;
    const counts = await compare(client, run, fields);
    const done = await finishRun(db, run.id, { state: 'done', counts, columns: ['name', ...fields] });
    await recordAudit(db, user, 'reconciliation.upload', { runId: run.id, fileName: run.fileName, bytes: staging.bytes, lines: staging.lines, counts });
    return presentRun(done, deps.retentionDays);
  } catch (error) {
    // A COPY cut off mid-way leaves the connection in no state to reuse; closing it ends the
    // run's transaction, and the staging table with it.
    clientBroken = true;
    if (error instanceof UploadTooLarge || error instanceof AppError) {
      await deleteRun(db, run.id);
      throw error instanceof UploadTooLarge ? tooLarge(deps.maxBytes) : error;
    }
    await finishRun(db, run.id, { state: 'failed', failure: 'reconciliation.failed' });
    throw error;
  } finally {
    clearInterval(timer);
    client.release(clientBroken ? true : undefined);
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's registrar's run; any other (another registrar's, none, not an id) is 404 alike. */
async function ownRun(deps: ReconciliationDeps, user: SignedInUser, runId: string): Promise<RunRow> {
  const run = uuidPattern.test(runId) ? await findRun(deps.database.db, user.registrarHandle, runId.toLowerCase()) : undefined;
  if (!run) throw notFound();
  return run;
}

export async function listReconciliations(deps: ReconciliationDeps, user: SignedInUser): Promise<{ runs: ReconciliationRun[] }> {
  const runs = await listRuns(deps.database.db, user.registrarHandle, deps.retentionDays);
  return { runs: runs.map((row) => presentRun(row, deps.retentionDays)) };
}

export async function getReconciliation(deps: ReconciliationDeps, user: SignedInUser, runId: string): Promise<{ run: ReconciliationRun }> {
  return { run: presentRun(await ownRun(deps, user, runId), deps.retentionDays) };
}

export async function getReconciliationResults(
  deps: ReconciliationDeps,
  user: SignedInUser,
  runId: string,
  query: { kind: ReconciliationKind; page: number },
): Promise<ReconciliationResultsResponse> {
  const run = await ownRun(deps, user, runId);
  const rows = await resultsPage(deps.database.db, run, query.kind, query.page);
  const results: ReconciliationResult[] = rows.map((row) => ({
    kind: row.kind as ReconciliationKind,
    line: row.lineNo,
    name: row.name,
    field: row.field as ReconciliationResult['field'],
    registryValue: row.registryValue,
    fileValue: row.fileValue,
    problem: row.problem,
  }));
  return { results, total: run.counts[query.kind] ?? 0, page: query.page, pageSize: reconciliationLimits.pageSize };
}

/** Every result of the run as CSV, recorded in the history before the file is written. */
export async function exportReconciliation(deps: ReconciliationDeps, user: SignedInUser, runId: string): Promise<CsvFile> {
  const run = await ownRun(deps, user, runId);
  const rows = reconciliationKinds.reduce((sum, kind) => sum + (run.counts[kind] ?? 0), 0);
  const fileName = reconciliationCsvFileName(user.registrarHandle, new Date());
  await recordAudit(deps.database.db, user, 'download.reconciliation', { fileName, runId: run.id, rows });
  return { fileName, recordCount: rows, header: reconciliationCsvHeader, records: resultRecords(deps.database, run) };
}
