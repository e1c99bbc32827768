import { Transform } from 'node:stream';
import { visibleText } from '@registrar-panel/contract';

/*
 * CSV as RFC 4180 describes it: fields separated by commas, records ended by CRLF, a field quoted
 * when it holds a comma, a double quote, CR or LF, with inner double quotes doubled. Text is
 * UTF-8 without a byte-order mark.
 *
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * gets a leading apostrophe, so that opening a downloaded file never executes what a third party
 * typed into a domain name, contact or transaction id (OWASP "CSV injection").
 *
 * Control characters and Unicode's bidirectional controls in text become U+FFFD (contract
 * `visibleText`), as on the portal's pages: a spreadsheet or editor shows no reversed or reordered
 * text that someone typed. CSV that PostgreSQL writes (`neutraliseFormulaSql`) holds only domain
 * names and contact handles, which the registry feed's checks (IDNA, the handle pattern) keep free of them.
 */

export type CsvCell = string | number | null | undefined;

export const csvContentType = 'text/csv; charset=utf-8; header=present';

/** What a spreadsheet reads as the start of a formula; one list for the server's CSV and the database's. */
const formulaStarters = ['=', '+', '-', '@', '\t', '\r'];
const formulaStart = new RegExp(`^[${formulaStarters.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`);
const needsQuotes = /[",\r\n]/;

/** Prefixes text that a spreadsheet would evaluate with an apostrophe. */
export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The same as SQL, for CSV that PostgreSQL writes (COPY): a text expression, NULL staying NULL. */
export function neutraliseFormulaSql(expression: string): string {
  const starters = formulaStarters.map((c) => `chr(${c.charCodeAt(0)})`).join(', ');
  return `CASE WHEN left(${expression}, 1) IN (${starters}) THEN '''' || ${expression} ELSE ${expression} END`;
}

/** One field: numbers as they are, empty for null and undefined, text made visible, neutralised and quoted when needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseFormula(visibleText(value));
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * Ends the records of CSV that PostgreSQL's COPY wrote (LF) with CRLF. Only for files whose fields
 * never hold a line break (names, handles, timestamps): one inside a quoted field would change too.
 */
export function crlfRecords(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      let start = 0;
      for (let lf = chunk.indexOf(10); lf !== -1; lf = chunk.indexOf(10, lf + 1)) {
        parts.push(chunk.subarray(start, lf), crlf);
        start = lf + 1;
      }
      parts.push(chunk.subarray(start));
      done(null, Buffer.concat(parts));
    },
  });
}

const crlf = Buffer.from('\r\n');
