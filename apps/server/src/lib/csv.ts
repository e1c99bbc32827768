import { Readable } from 'node:stream';

/*
 * CSV as RFC 4180 describes it: fields separated by commas, records ended by CRLF, a field quoted
 * when it holds a comma, a double quote, CR or LF, with inner double quotes doubled. Text is
 * UTF-8 without a byte-order mark.
 *
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * gets a leading apostrophe, so that opening a downloaded file never executes what a third party
 * typed into a domain name, contact or transaction id (OWASP "CSV injection").
 */

export type CsvCell = string | number | null | undefined;

export const csvContentType = 'text/csv; charset=utf-8; header=present';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** Prefixes text that a spreadsheet would evaluate with an apostrophe. */
export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** One field: numbers as they are, empty for null and undefined, text neutralised and quoted when needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseFormula(value);
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** A whole (small) file: the header record, then one record per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let out = csvRecord(header);
  for (const row of rows) out += csvRecord(row);
  return out;
}

/**
 * A large file as a stream: the header, then the rows of each batch as one chunk. The batches are
 * pulled only as fast as the client reads, so memory stays at a few batches whatever the file size.
 * Ending the stream early (the client went away) ends the batch source too, which releases
 * whatever it holds (a connection, a cursor).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly (readonly CsvCell[])[]>): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield csvRecord(header);
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      let chunk = '';
      for (const row of batch) chunk += csvRecord(row);
      yield chunk;
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
