import type { PoolClient } from 'pg';
import { bulkColumns, bulkTables, emptyChunks, type CsvChunks } from './bulk-rows';
import { copyCsv } from './bulk-session';

/** Lines gathered before their rows are sent: big enough for COPY to be efficient, small enough to overlap. */
const chunkLines = 40_000;

/**
 * The rows of a bulk snapshot on their way in: checking and formatting the next chunk overlaps
 * with the server storing the previous one, so at most one COPY is under way on the connection.
 */
export class ChunkedCopy {
  /** Where the next rows are formatted. */
  chunks: CsvChunks = emptyChunks();
  private lines = 0;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly client: PoolClient) {}

  /** Counts a line taken; true when the chunk is full and should be flushed. */
  lineTaken(): boolean {
    return ++this.lines >= chunkLines;
  }

  /** Waits for the COPY under way: the connection runs one statement at a time. */
  idle(): Promise<void> {
    return this.sending;
  }

  /** Sends what is left and waits until every row is stored. */
  async finish(): Promise<void> {
    await this.flush();
    await this.sending;
  }

  /** Hands the chunk to COPY once the one before it is stored. */
  async flush(): Promise<void> {
    const ready = this.chunks;
    this.chunks = emptyChunks();
    this.lines = 0;
    await this.sending;
    this.sending = copyChunks(this.client, ready);
    // Awaited at the next flush; until then a failure must not count as unhandled (it would end the process).
    this.sending.catch(() => undefined);
  }
}

async function copyChunks(client: PoolClient, chunks: CsvChunks): Promise<void> {
  for (const table of bulkTables) {
    const rows = chunks[table];
    if (rows.length > 0) await copyCsv(client, table, bulkColumns[table], rows.join(''));
  }
}
