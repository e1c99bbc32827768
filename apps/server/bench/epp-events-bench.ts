/*
 * `npm run bench:epp-events [-- --events N] [--share S] [--requests R] [--fresh]`: the EPP security
 * page's calls at scale. N connection events (default 10,000,000) over 90 days, S of them (default
 * 3,000,000) the bench registrar's, loaded once with set-based SQL (generate_series) into the monthly
 * partitions, with the daily counts built from them as the importer keeps them. The bench registrar
 * has 10 allowed IP addresses, one of them only ever refused (the worst case of "last use"), one
 * never seen, and primary and failover certificates (the failover never used).
 *
 * Then the portal (compiled, its own process, as `npm start` runs it) answers each of the page's
 * calls R times in a row (default 200) after a warm-up, timed from this process through HTTP, beside
 * a primary-key read measured the same way in the same run: GET /services/registrar (one row by its
 * key, through the same authentication and envelope), and the same key read in SQL alone.
 * The bar: p95 ≤ 200 ms per call, warm. Figures are printed, never asserted.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { ensureMonthlyPartitions } from '../src/db/monthly-partitions';
import { loadRegistry } from '../src/seed/load';
import { openBenchServer } from './bench-server';
import { freshToken, removeCompiled, startPortal } from './processes';
import { benchRegistrar } from './report-data';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { events: { type: 'string' }, share: { type: 'string' }, requests: { type: 'string' }, fresh: { type: 'boolean' } },
  strict: true,
});
const eventCount = Number(values.events ?? 10_000_000);
const ownCount = Number(values.share ?? 3_000_000);
const requests = Number(values.requests ?? 200);
const otherRegistrars = 40;
const day = 86_400_000;

const listed = Array.from({ length: 8 }, (_, i) => `192.0.2.${10 + i}`);
/** Only ever refused (a wrong password, again and again): its last use has to look past all of them. */
const refusedOnly = '198.51.100.66';
/** On the list, never seen by the EPP server. */
const neverSeen = '2001:db8:ffff::1';
const primary = 'a1'.repeat(32);
const failover = 'f0'.repeat(32);

async function loadEvents(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM epp_connection_events');
    if (Number(rows[0]!.n) >= eventCount) {
      console.log(`data            ${Number(rows[0]!.n).toLocaleString('en')} events already loaded`);
      return;
    }
    const { rows: any } = await client.query('SELECT 1 FROM registrars LIMIT 1');
    if (any.length > 0) throw new Error('the benchmark database holds other data: run again with --fresh');
    // Registrars as the generator makes them (a few domains each; its own connection events come along).
    await loadRegistry(database, { seed: 1, quotas: [20, ...Array.from({ length: otherRegistrars }, () => 5)], today: Date.now(), tld: 'be' });
    await client.query('TRUNCATE epp_connection_events, epp_connection_days');
    const now = Date.now();
    await ensureMonthlyPartitions(database.db, 'epp_connection_events', new Date(now - 90 * day), new Date(now));
    await client.query(`INSERT INTO epp_ip_addresses (registrar_handle, ip, position) SELECT $1, ip, p - 1 FROM unnest($2::text[]) WITH ORDINALITY a(ip, p)`, [
      benchRegistrar,
      [...listed, refusedOnly, neverSeen],
    ]);
    for (const [slot, fingerprint] of [
      ['primary', primary],
      ['failover', failover],
    ] as const) {
      await client.query(
        `INSERT INTO epp_client_certificates (registrar_handle, slot, pem, fingerprint, subject, issuer, serial, key_type, key_size, signature_algorithm, not_before, not_after, uploaded_by)
         VALUES ($1, $2, 'PEM', $3, 'CN=bench', 'CN=ca', '01', 'RSA', 2048, 'sha256WithRSAEncryption', now() - interval '30 days', now() + interval '300 days', 'admin@' || $1)`,
        [benchRegistrar, slot, fingerprint],
      );
    }
    const { rows: handles } = await client.query<{ handle: string }>('SELECT handle FROM registrars WHERE handle <> $1 ORDER BY handle', [benchRegistrar]);
    const started = performance.now();
    const chunk = 1_000_000;
    for (let from = 1; from <= eventCount; from += chunk) {
      const to = Math.min(eventCount, from + chunk - 1);
      // Event i is the bench registrar's when i ≤ its share; times spread over 90 days (a minute short, so none falls out of retention meanwhile).
      await client.query(
        `INSERT INTO epp_connection_events (id, at, registrar_handle, address, outcome, reason, fingerprint)
         SELECT i, to_timestamp($3::float8 / 1000) - (random() * (interval '90 days' - interval '1 hour')),
                CASE WHEN i <= $4 THEN $5 ELSE ($6::text[])[1 + i % cardinality($6::text[])] END,
                CASE WHEN i <= $4 AND i % 50 = 0 THEN $7
                     WHEN i % 97 = 0 THEN '203.0.113.' || (i % 200)
                     ELSE ($8::text[])[1 + (i / 7) % cardinality($8::text[])] END,
                CASE WHEN (i <= $4 AND i % 50 = 0) OR i % 97 = 0 OR i % 11 = 0 THEN 'refused' ELSE 'success' END,
                CASE WHEN i <= $4 AND i % 50 = 0 THEN 'badPassword' WHEN i % 97 = 0 THEN 'addressNotAllowed'
                     WHEN i % 11 = 0 THEN (ARRAY['badCertificate', 'badPassword', 'sessionLimit', 'rateLimited'])[1 + i % 4] END,
                CASE WHEN i <= $4 THEN $9 ELSE md5(($6::text[])[1 + i % cardinality($6::text[])]) || md5('x' || ($6::text[])[1 + i % cardinality($6::text[])]) END
           FROM generate_series($1::bigint, $2::bigint) i`,
        [from, to, now, ownCount, benchRegistrar, handles.map((h) => h.handle), refusedOnly, listed, primary],
      );
      process.stdout.write(`\rdata            ${to.toLocaleString('en')} of ${eventCount.toLocaleString('en')} events`);
    }
    // The daily counts, as the importer keeps them batch by batch, built once here.
    await client.query(
      `INSERT INTO epp_connection_days (registrar_handle, day, outcome, fingerprint, count)
       SELECT registrar_handle, (at AT TIME ZONE 'Europe/Brussels')::date, outcome, coalesce(fingerprint, ''), count(*) FROM epp_connection_events GROUP BY 1, 2, 3, 4`,
    );
    await client.query('VACUUM ANALYZE epp_connection_events');
    await client.query('VACUUM ANALYZE epp_connection_days');
    console.log(`\ndata            ${eventCount.toLocaleString('en')} events loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
    await database.close();
  }
}

interface Timing {
  p50: number;
  p95: number;
  max: number;
}

function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

/** R calls in a row after R/10 unmeasured ones; each timed to its last byte. */
async function time(call: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.max(5, requests / 10); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

async function main() {
  const server = await openBenchServer();
  const databaseUrl = await server.database('rp_bench_epp_events', values.fresh);
  await loadEvents(databaseUrl);
  const portal = await startPortal(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const token = await freshToken(portal);
    const get = (path: string) => async () => {
      const response = await fetch(`http://127.0.0.1:${portal.ready.port}/services${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      return response.text();
    };
    const [own] = (await client.query<{ n: string }>('SELECT count(*)::text AS n FROM epp_connection_events WHERE registrar_handle = $1', [benchRegistrar]))
      .rows;
    const [key] = (await client.query<{ id: string; at: Date }>('SELECT id::text, at FROM epp_connection_events ORDER BY id DESC LIMIT 1')).rows;
    console.log(
      `\nEPP security page on ${server.label}: ${eventCount.toLocaleString('en')} events, ${Number(own!.n).toLocaleString('en')} of them ${benchRegistrar}'s; ${requests} calls in a row each, warm\n`,
    );
    console.log(`${'call'.padEnd(44)}${'bytes'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}  bar`);
    const rows: [string, () => Promise<unknown>, boolean][] = [
      ['GET /registrar/epp/connections', get('/registrar/epp/connections'), true],
      ['GET /registrar/epp/ip', get('/registrar/epp/ip'), true],
      ['floor: GET /registrar (primary-key read)', get('/registrar'), false],
      [
        'floor: SQL primary-key read of an event',
        () => client.query('SELECT * FROM epp_connection_events WHERE id = $1 AND at = $2', [key!.id, key!.at]),
        false,
      ],
    ];
    for (const [name, call, barred] of rows) {
      const body = await call();
      const figures = await time(call);
      const bytes = typeof body === 'string' ? String(Buffer.byteLength(body)) : '';
      const bar = barred ? `p95 ≤ 200 ms: ${figures.p95 <= 200 ? 'met' : 'NOT met'}` : '';
      console.log(
        `${name.padEnd(44)}${bytes.padStart(8)}${figures.p50.toFixed(1).padStart(9)}${figures.p95.toFixed(1).padStart(9)}${figures.max.toFixed(1).padStart(9)}  ${bar}`,
      );
    }
  } finally {
    await client.end();
    await portal.stop();
    removeCompiled();
    await server.stop();
  }
}

await main();
