import { domainToASCII } from 'node:url';
import {
  headerKey,
  reconciliationFields,
  reconciliationHeaderNames,
  visibleText,
  type ReconciliationField,
  type ReconciliationLineProblem,
} from '@registrar-panel/contract';
import { aLabelOf } from '../registrations/domain-name';

/*
 * One line of an uploaded list made into the values the database compares: the name as an A-label,
 * the expiry as a Brussels day, name servers and DS records in one written form each (sorted, lower
 * case), as `reconciliation.repository.ts` writes the registry's own. A value that is none of these
 * makes the line a bad line, with the message key that says why.
 */

/** Which column holds each field the header names (the first column of a name counts). */
export type ColumnMap = Partial<Record<ReconciliationField, number>>;

export function columnsOf(header: readonly string[]): ColumnMap {
  const columns: ColumnMap = {};
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    const field = reconciliationFields.find((candidate) => reconciliationHeaderNames[candidate].includes(key));
    if (field && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}

/** A line ready for the staging table: text as the database compares it, null where the file says nothing. */
export interface StagedLine {
  line: number;
  aLabel: string | null;
  /** The name as the file wrote it (made visible), for the results. */
  name: string | null;
  expiry: string | null;
  nameServers: string | null;
  registrant: string | null;
  ds: string | null;
  problem: ReconciliationLineProblem | null;
}

const shownNameMax = 255;
const ldhName = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
const shown = (text: string) => visibleText(text.length > shownNameMax ? `${text.slice(0, shownNameMax)}…` : text);

export function stageLine(line: number, fields: readonly string[], columns: ColumnMap, width: number, tld: string): StagedLine {
  const nameText = (columns.name === undefined ? '' : (fields[columns.name] ?? '')).trim();
  const staged: StagedLine = {
    line,
    aLabel: null,
    name: nameText === '' ? null : shown(nameText),
    expiry: null,
    nameServers: null,
    registrant: null,
    ds: null,
    problem: null,
  };
  const bad = (problem: ReconciliationLineProblem) => ({ ...staged, problem });
  if (fields.length !== width) return bad('reconciliation.line.fieldCount');
  const aLabel = nameText === '' ? '' : aLabelOf(nameText.replace(/\.$/, ''), tld);
  // A URL's host takes more than a domain name may hold (`=`, `+`): letters, digits and hyphens only.
  if (!ldhName.test(aLabel)) return bad('reconciliation.line.name');
  staged.aLabel = aLabel;
  const cell = (field: ReconciliationField) => {
    const index = columns[field];
    const text = index === undefined ? '' : (fields[index] ?? '').trim();
    return text === '' ? null : text;
  };
  const expiry = cell('expiry');
  if (expiry !== null) {
    staged.expiry = dayOf(expiry);
    if (staged.expiry === null) return bad('reconciliation.line.expiry');
  }
  const nameServers = cell('nameServers');
  if (nameServers !== null) {
    staged.nameServers = nameServersOf(nameServers);
    if (staged.nameServers === null) return bad('reconciliation.line.nameServers');
  }
  const registrant = cell('registrant');
  if (registrant !== null) {
    if (!/^[\x21-\x7e]{1,64}$/.test(registrant)) return bad('reconciliation.line.registrant');
    staged.registrant = registrant;
  }
  const ds = cell('ds');
  if (ds !== null) {
    staged.ds = dsRecordsOf(ds);
    if (staged.ds === null) return bad('reconciliation.line.ds');
  }
  return staged;
}

const brusselsDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });

function validDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A day as the registrar's file writes it: `YYYY-MM-DD`, a timestamp with its offset (the domain
 * report's `2027-03-01T12:00:00+01:00`, taken as the Brussels day), or `DD/MM/YYYY` (also with `-`
 * or `.`), as Belgian spreadsheets write dates. Null when it is none of these.
 */
export function dayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const at = new Date(text.replace(' ', 'T'));
    return Number.isNaN(at.getTime()) ? null : brusselsDayFormat.format(at);
  }
  const european = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (european) return validDay(Number(european[3]), Number(european[2]), Number(european[1]));
  return null;
}

/** Host names separated by spaces, commas, semicolons or `|`, as A-labels without the final dot, sorted and once each. */
export function nameServersOf(text: string): string | null {
  const hosts = new Set<string>();
  for (const host of text.split(/[\s,;|]+/)) {
    if (host === '') continue;
    const aLabel = host.length > 253 ? '' : domainToASCII(host.replace(/\.$/, '').normalize('NFC'));
    if (aLabel === '' || !aLabel.includes('.')) return null;
    hosts.add(aLabel);
  }
  return hosts.size === 0 ? null : [...hosts].sort().join(' ');
}

/**
 * DS records separated by `|`, `;`, commas or line breaks, each `keytag algorithm digesttype digest`
 * (the digest may be split by spaces), as `12345 13 2 abcd…`, sorted and once each.
 */
export function dsRecordsOf(text: string): string | null {
  const records = new Set<string>();
  for (const record of text.split(/[|;,\r\n]+/)) {
    const parts = record
      .trim()
      .split(/\s+/)
      .filter((part) => part !== '');
    if (parts.length === 0) continue;
    if (parts.length < 4) return null;
    const [keyTag, algorithm, digestType] = parts.map((part) => (/^\d{1,5}$/.test(part) ? Number(part) : Number.NaN));
    const digest = parts.slice(3).join('').toLowerCase();
    const inRange = (value: number | undefined, max: number) => value !== undefined && value >= 0 && value <= max;
    if (!inRange(keyTag, 65535) || !inRange(algorithm, 255) || !inRange(digestType, 255) || !/^[0-9a-f]+$/.test(digest)) return null;
    records.add(`${keyTag} ${algorithm} ${digestType} ${digest}`);
  }
  return records.size === 0 ? null : [...records].sort().join(' | ');
}
