import { isUtf8 } from 'node:buffer';

/*
 * A streaming reader of CSV as RFC 4180 writes it and as spreadsheets save it: UTF-8 with or without
 * a byte-order mark, fields separated by commas or (as Belgian spreadsheets write them) semicolons,
 * the separator read from the header line, quoted fields with doubled quotes and line breaks inside,
 * records ended by LF or CRLF. It works on bytes (every byte CSV gives meaning to is ASCII, which
 * UTF-8 never uses inside a character), holds at most one record, and never a record longer than
 * its bound: a longer one is reported by its line and skipped. No record ever stops the reading.
 */

export type CsvRecordProblem = 'tooLong' | 'quotes' | 'encoding';

/** One record: the physical line it starts on (1 = the first), its fields as text, or why it could not be read. */
export type CsvRecord = { line: number; fields: string[]; problem?: undefined } | { line: number; fields?: undefined; problem: CsvRecordProblem };

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const bom = Buffer.from([0xef, 0xbb, 0xbf]);

export class CsvReader {
  /** The separator, once the first record (the header) has been read. */
  delimiter: number | undefined;
  private parts: Buffer[] = [];
  private length = 0;
  private tooLong = false;
  private inQuotes = false;
  /** The physical line the record under way starts on, and the line the reader is on. */
  private recordLine = 1;
  private line = 1;
  private started = false;
  private leading = Buffer.alloc(0);

  constructor(private readonly maxRecordBytes: number) {}

  /** The records that `chunk` completes. */
  push(chunk: Buffer): CsvRecord[] {
    if (!this.started) {
      // The byte-order mark may arrive split over chunks: wait for three bytes.
      this.leading = Buffer.concat([this.leading, chunk]);
      if (this.leading.length < bom.length && bom.subarray(0, this.leading.length).equals(this.leading)) return [];
      this.started = true;
      chunk = this.leading.subarray(0, bom.length).equals(bom) ? this.leading.subarray(bom.length) : this.leading;
      this.leading = Buffer.alloc(0);
    }
    const records: CsvRecord[] = [];
    let start = 0;
    let inQuotes = this.inQuotes;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === QUOTE) inQuotes = !inQuotes;
      else if (byte === LF) {
        this.line++;
        if (!inQuotes) {
          this.take(chunk.subarray(start, i));
          const record = this.finishRecord();
          if (record) records.push(record);
          this.recordLine = this.line;
          start = i + 1;
        }
      }
    }
    this.inQuotes = inQuotes;
    this.take(chunk.subarray(start));
    return records;
  }

  /** The last record, when the file does not end with a line break. */
  end(): CsvRecord[] {
    if (!this.started) {
      this.started = true;
      const rest = this.leading.equals(bom.subarray(0, this.leading.length)) ? Buffer.alloc(0) : this.leading;
      this.take(rest);
    }
    if (this.length === 0 && !this.tooLong) return [];
    const record = this.inQuotes && !this.tooLong ? { line: this.recordLine, problem: 'quotes' as const } : this.finishRecord();
    return record ? [record] : [];
  }

  private take(bytes: Buffer): void {
    if (bytes.length === 0 || this.tooLong) return;
    if (this.length + bytes.length > this.maxRecordBytes) {
      this.tooLong = true;
      this.parts = [];
      this.length = 0;
      return;
    }
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  private finishRecord(): CsvRecord | undefined {
    const line = this.recordLine;
    if (this.tooLong) {
      this.tooLong = false;
      return { line, problem: 'tooLong' };
    }
    let bytes = this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts, this.length);
    this.parts = [];
    this.length = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    if (bytes.length === 0) return undefined;
    // PostgreSQL's text holds no NUL: a line with one is not text, as one that is not UTF-8.
    if (!isUtf8(bytes) || bytes.includes(0)) return { line, problem: 'encoding' };
    this.delimiter ??= delimiterOf(bytes);
    const fields = splitFields(bytes, this.delimiter);
    return fields ? { line, fields } : { line, problem: 'quotes' };
  }
}

/** The header's separator: semicolons when it holds more of them than commas (outside quotes). */
function delimiterOf(header: Buffer): number {
  let commas = 0;
  let semicolons = 0;
  let inQuotes = false;
  for (const byte of header) {
    if (byte === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && byte === COMMA) commas++;
    else if (!inQuotes && byte === SEMICOLON) semicolons++;
  }
  return semicolons > commas ? SEMICOLON : COMMA;
}

/** A record's fields; undefined when a quoted field is not closed or text follows its closing quote. */
function splitFields(bytes: Buffer, delimiter: number): string[] | undefined {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (bytes[i] === QUOTE) {
      const pieces: string[] = [];
      let from = i + 1;
      for (;;) {
        const quote = bytes.indexOf(QUOTE, from);
        if (quote === -1) return undefined;
        pieces.push(bytes.toString('utf8', from, quote));
        if (bytes[quote + 1] === QUOTE) {
          pieces.push('"');
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      fields.push(pieces.join(''));
      if (i === bytes.length) return fields;
      if (bytes[i] !== delimiter) return undefined;
      i++;
    } else {
      const next = bytes.indexOf(delimiter, i);
      if (next === -1) {
        fields.push(bytes.toString('utf8', i));
        return fields;
      }
      fields.push(bytes.toString('utf8', i, next));
      i = next + 1;
    }
  }
}
