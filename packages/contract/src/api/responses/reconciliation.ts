import { z } from 'zod';
import { reconciliationComparedFields, reconciliationKinds, reconciliationStates } from '../../reconciliation';

/* What the reconciliation's calls answer in `data` (routes/reconciliation.ts). */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

const countsSchema = z.object(
  Object.fromEntries(reconciliationKinds.map((kind) => [kind, z.number().int()])) as Record<(typeof reconciliationKinds)[number], z.ZodNumber>,
);

/** One run: its file, its phase and progress, what it found. */
export const reconciliationRunSchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  state: z.enum(reconciliationStates).meta({ description: '`receiving` the file, `comparing` in the database, then `done` or `failed`.' }),
  startedAt: timestamp,
  finishedAt: timestamp.nullable(),
  startedBy: z.string().meta({ description: 'The user (or API key) who uploaded the file.' }),
  bytesReceived: z.number().int(),
  bytesTotal: z.number().int().nullable().meta({ description: 'The upload’s announced size (Content-Length), when the client gave one.' }),
  linesRead: z.number().int(),
  columns: z.array(z.enum(['name', ...reconciliationComparedFields])).meta({ description: 'The fields the file’s header named: only these were compared.' }),
  counts: countsSchema,
  failure: z.string().nullable().meta({ description: 'The message key of a failed run.' }),
  expiresAt: timestamp.meta({ description: 'When the run and its results are deleted.' }),
});
export type ReconciliationRun = z.output<typeof reconciliationRunSchema>;

export const reconciliationRunAnswer = z.object({ run: reconciliationRunSchema });
export const reconciliationRunsAnswer = z.object({ runs: z.array(reconciliationRunSchema) });
export type ReconciliationRunsResponse = z.output<typeof reconciliationRunsAnswer>;

/** One thing a run found. */
export const reconciliationResultSchema = z.object({
  kind: z.enum(reconciliationKinds),
  line: z.number().int().nullable().meta({ description: 'The file’s line (the header is line 1); null for a name the file lacks.' }),
  name: z.string().nullable().meta({ description: 'The name: the registry’s U-label, or as the file wrote it.' }),
  field: z.enum(reconciliationComparedFields).nullable(),
  registryValue: z.string().nullable(),
  fileValue: z.string().nullable(),
  problem: z.string().nullable().meta({ description: 'A bad line’s message key.' }),
});
export type ReconciliationResult = z.output<typeof reconciliationResultSchema>;

export const reconciliationResultsAnswer = z.object({
  results: z.array(reconciliationResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReconciliationResultsResponse = z.output<typeof reconciliationResultsAnswer>;
