import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { recordCountHeader } from '@registrar-panel/contract';
import { attachment } from './content-disposition';
import { csvContentType, csvRecord } from './csv';

/**
 * A CSV file to send. Its records are already written (`csvRecord`, or the bytes of PostgreSQL's
 * COPY): in memory for a file of a few hundred lines at most, sent as one text with its length
 * (small enough to go uncompressed), or as they come for a file of any size, so a download starts at once.
 */
export interface CsvFile {
  /** As the spec names it; `attachment` keeps it to letters, digits, `_`, `-` and `.`. */
  fileName: string;
  /** Rows after the header, for the download's progress bar; only where the route table promises it. */
  recordCount?: number;
  header: readonly string[];
  records: readonly string[] | AsyncIterable<string | Buffer>;
}

async function* withHeader(header: string, records: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  yield Buffer.from(header);
  for await (const chunk of records) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

/** Sends the file as an attachment. Caching is the API's rule (`plugins/no-store.ts`), not the route's. */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  void reply.header('content-type', csvContentType).header('content-disposition', attachment(file.fileName));
  if (file.recordCount !== undefined) void reply.header(recordCountHeader, String(file.recordCount));
  const header = csvRecord(file.header);
  const { records } = file;
  return reply.send(Symbol.asyncIterator in records ? Readable.from(withHeader(header, records)) : header + records.join(''));
}
