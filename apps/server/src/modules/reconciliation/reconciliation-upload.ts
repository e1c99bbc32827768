import { Transform, type TransformCallback } from 'node:stream';
import {
  reconciliationComparedFields,
  reconciliationLimits,
  type ReconciliationComparedField,
  type ReconciliationLineProblem,
} from '@registrar-panel/contract';
import { AppError } from '../../errors';
import { CsvReader, type CsvRecord, type CsvRecordProblem } from '../../lib/csv-reader';
import { columnsOf, stageLine, type ColumnMap, type StagedLine } from './reconciliation-lines';

/*
 * The uploaded file on its way to the staging table: bytes in, the staging table's CSV out (one
 * record per line of the file, bad lines included with their problem), through a Transform, so
 * that the request, the parsing and PostgreSQL's COPY go at the pace of the slowest and nothing
 * holds more than a chunk and one record. The header decides the columns; a header without a name
 * column, or more bytes than allowed, stops the stream with the error the caller answers.
 */

const readerProblems: Record<CsvRecordProblem, ReconciliationLineProblem> = {
  tooLong: 'reconciliation.line.tooLong',
  quotes: 'reconciliation.line.quotes',
  encoding: 'reconciliation.line.encoding',
};

/** Text for COPY's CSV: null as nothing, anything else quoted. */
const copyField = (value: string | number | null) => (value === null ? '' : typeof value === 'number' ? String(value) : `"${value.replaceAll('"', '""')}"`);

function copyRecord(line: StagedLine): string {
  return `${[line.line, line.aLabel, line.name, line.expiry, line.nameServers, line.registrant, line.ds, line.problem].map(copyField).join(',')}\n`;
}

export class UploadTooLarge extends Error {}

export class StagingTransform extends Transform {
  bytes = 0;
  lines = 0;
  columns: ColumnMap | undefined;
  private width = 0;
  private readonly reader = new CsvReader(reconciliationLimits.maxLineBytes);

  constructor(
    private readonly tld: string,
    private readonly maxBytes: number,
  ) {
    super({ readableHighWaterMark: 256 * 1024 });
  }

  /** The compared fields the header named. */
  get comparedFields(): ReconciliationComparedField[] {
    return reconciliationComparedFields.filter((field) => this.columns?.[field] !== undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new UploadTooLarge());
    try {
      this.stage(this.reader.push(chunk));
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.stage(this.reader.end());
      if (this.columns === undefined) throw AppError.of(400, 'reconciliation.empty');
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private stage(records: CsvRecord[]): void {
    let out = '';
    for (const record of records) {
      if (this.columns === undefined) {
        this.header(record);
        continue;
      }
      this.lines++;
      if (record.problem) {
        out += copyRecord({
          line: record.line,
          aLabel: null,
          name: null,
          expiry: null,
          nameServers: null,
          registrant: null,
          ds: null,
          problem: readerProblems[record.problem],
        });
      } else if (!record.fields.every((field) => field.trim() === '')) {
        // A line of empty cells (`;;;`, which spreadsheets write below the data) is no line.
        out += copyRecord(stageLine(record.line, record.fields, this.columns, this.width, this.tld));
      }
    }
    if (out !== '') this.push(out);
  }

  private header(record: CsvRecord): void {
    if (record.problem) throw AppError.of(400, record.problem === 'encoding' ? 'reconciliation.header.encoding' : 'reconciliation.header.noName');
    const columns = columnsOf(record.fields);
    if (columns.name === undefined) throw AppError.of(400, 'reconciliation.header.noName');
    this.columns = columns;
    this.width = record.fields.length;
  }
}
