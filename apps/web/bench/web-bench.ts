/*
 * `npm run bench:web [-- --runs N] [--bundle-only] [--reports DIR] [--pages NAMES]`: the web app's weight and speed.
 *
 * Builds the web app as `npm run build` does and reports its chunks: the JavaScript a visitor without
 * a session loads before the sign-in page (boot), the JavaScript and CSS before the first signed-in
 * page (initial), and every chunk. Then starts the portal as `npm start` does (built server, demo
 * mode, a temporary DATA_DIR, a free port) and runs Lighthouse 13 through Debian's Chromium, desktop
 * and mobile presets, N runs each (default 3), on: the sign-in page (opening the portal without a
 * session, so the detour through the app is counted), every signed-in page (as admin@acme; `--pages
 * 'general data,search results'` for some), and the floor: a static page from a bare Node server, what this machine gives
 * for next to nothing. Prints medians; `--reports DIR` keeps every Lighthouse report (JSON) to look
 * into. Lighthouse runs on Node 24 (bench/node24.ts).
 * Figures are printed, never asserted: they are noisy on a shared machine.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoPassword, demoTotpSecret } from '../../server/src/identity/demo/demo-accounts';
import { buildWeb, gzipTotal, type BundleReport } from './bundle';
import { node24 } from './node24';
import { loadNow, startFloor, startPortal, tempDir, type Running } from './portal';
import { chromiumFlags } from '../../../e2e/support/chromium-flags';
import { paths } from '../src/lib/paths';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { runs: { type: 'string' }, 'bundle-only': { type: 'boolean' }, reports: { type: 'string' }, pages: { type: 'string' } },
  strict: true,
});
const runs = Number(values.runs ?? 3);

const goals = { initialJsKb: 150, initialCssKb: 30, desktopScore: 98, mobileScore: 90, cls: 0.02 };
const chromeFlags = ['--headless=new', ...chromiumFlags];
const presets = ['desktop', 'mobile'] as const;
const user = 'admin@acme';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function printBundle(report: BundleReport) {
  const js = gzipTotal(report, report.initialJs);
  const css = gzipTotal(report, report.initialCss);
  console.log('\nBundle (gzip -9)');
  console.log(`  boot JavaScript (before the sign-in page): ${kb(gzipTotal(report, report.boot))} in ${report.boot.length} files`);
  console.log(
    `  initial JavaScript (before the first page): ${kb(js)} in ${report.initialJs.length} files   goal ≤ ${goals.initialJsKb} KB: ${mark(js / 1024 <= goals.initialJsKb)}`,
  );
  console.log(`  initial CSS: ${kb(css)} in ${report.initialCss.length} files   goal ≤ ${goals.initialCssKb} KB: ${mark(css / 1024 <= goals.initialCssKb)}`);
  const fonts = report.files.filter((file) => /\.(?:woff2?|ttf|otf)$/.test(file.fileName));
  console.log(`  fonts: ${fonts.length === 0 ? 'none' : fonts.map((file) => file.fileName).join(', ')}`);
  const chunks = report.files.filter((file) => /\.(?:js|css)$/.test(file.fileName)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const initial = new Set([...report.initialJs, ...report.initialCss]);
  console.log(`  every chunk (${chunks.length}; * initial, the others load with the page that needs them):`);
  const shown = chunks.filter((file) => file.gzipBytes >= 1024 || initial.has(file.fileName));
  for (const file of shown) {
    const name = `${initial.has(file.fileName) ? '*' : ' '} ${file.fileName}${file.module ? ` (${file.module})` : ''}`;
    console.log(`    ${name.padEnd(86)} ${kb(file.gzipBytes).padStart(9)} gzip ${kb(file.rawBytes).padStart(9)}`);
  }
  const rest = chunks.filter((file) => !shown.includes(file));
  if (rest.length > 0) console.log(`    …and ${rest.length} chunks under 1 KB each, ${kb(rest.reduce((sum, file) => sum + file.gzipBytes, 0))} in all`);
}

/** A page to measure: its address, or the first link matching `selector` on `url` (then on the page it leads to, `then`). */
interface Page {
  name: string;
  url?: string;
  linkOn?: { url: string; selector: string; then?: string };
  /** A part of the link's address to replace: [what, with]. */
  replace?: [string, string];
  signedIn?: boolean;
}

interface RunFigures {
  page: string;
  preset: (typeof presets)[number];
  run: number;
  score: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  bytes: number | null;
  finalUrl: string;
  error: string | null;
}

function median(values: (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function printLighthouse(results: RunFigures[], pageNames: string[]) {
  console.log(`\nLighthouse 13 (performance), median of ${runs} runs`);
  console.log(
    `  ${'page'.padEnd(18)} ${'preset'.padEnd(8)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'CLS'.padStart(6)} ${'TBT'.padStart(7)} ${'bytes'.padStart(10)}  goal`,
  );
  for (const page of pageNames) {
    for (const preset of presets) {
      const mine = results.filter((result) => result.page === page && result.preset === preset);
      const score = median(mine.map((result) => result.score));
      const lcp = median(mine.map((result) => result.lcpMs));
      const cls = median(mine.map((result) => result.cls));
      const tbt = median(mine.map((result) => result.tbtMs));
      const bytes = median(mine.map((result) => result.bytes));
      const scoreGoal = preset === 'desktop' ? goals.desktopScore : goals.mobileScore;
      const goal = page === 'floor' ? '' : `score ≥ ${scoreGoal}: ${mark((score ?? 0) >= scoreGoal)}, CLS ≤ ${goals.cls}: ${mark((cls ?? 1) <= goals.cls)}`;
      const errors = mine.filter((result) => result.error).map((result) => result.error);
      console.log(
        `  ${page.padEnd(18)} ${preset.padEnd(8)} ${String(score === null ? '-' : Math.round(score)).padStart(5)} ${`${((lcp ?? 0) / 1000).toFixed(2)} s`.padStart(8)} ${(cls ?? 0).toFixed(3).padStart(6)} ${`${Math.round(tbt ?? 0)} ms`.padStart(7)} ${kb(bytes ?? 0).padStart(10)}  ${goal}${errors.length ? `  errors: ${errors.join(', ')}` : ''}`,
      );
    }
  }
  // The interaction's id (the last part of the path) differs from run to run.
  if (pageNames.includes('sign-in')) {
    const landed = [
      ...new Set(results.filter((result) => result.page === 'sign-in').map((result) => new URL(result.finalUrl).pathname.replace(/[^/]+$/, '…'))),
    ];
    console.log(`  (sign-in: Lighthouse opened the portal's / without a session and ended on ${landed.join(', ')})`);
  }
}

/** Runs bench/lighthouse-runner.mjs on Node 24 and collects its lines. */
async function runLighthouse(input: object): Promise<RunFigures[]> {
  const inputDir = tempDir('rp-bench-web-input-');
  const inputFile = join(inputDir, 'input.json');
  writeFileSync(inputFile, JSON.stringify(input));
  const runner = spawn(node24(), [new URL('./lighthouse-runner.mjs', import.meta.url).pathname, inputFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const results: RunFigures[] = [];
  let buffered = '';
  runner.stdout.setEncoding('utf8');
  runner.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      results.push(JSON.parse(buffered.slice(0, newline)) as RunFigures);
      buffered = buffered.slice(newline + 1);
    }
  });
  const code = await new Promise<number | null>((resolve) => runner.once('exit', resolve));
  rmSync(inputDir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`the Lighthouse runner exited with code ${code}`);
  return results;
}

const webDistDir = tempDir('rp-bench-web-dist-');
const running: Running[] = [];
try {
  console.log('Building the web app…');
  printBundle(await buildWeb(webDistDir));
  if (!values['bundle-only']) {
    const node = node24();
    console.log('\nStarting the portal (demo mode) and the floor…');
    const portal = await startPortal(webDistDir);
    running.push(portal);
    const floor = await startFloor();
    running.push(floor);
    const search = `${portal.url}${paths.registrationSearch}?domainname=*&page=1`;
    const registrationLink = 'table.registration-results a[href*="/registrations/registration/"]';
    /** Every signed-in page of the app; those of one registration or contact by the first link to one. */
    const signedInPages = (
      [
        { name: 'general data', url: `${portal.url}${paths.generalData}` },
        { name: 'public profile', url: `${portal.url}${paths.publicProfile}` },
        { name: 'transactions', url: `${portal.url}${paths.registrarTransactions}` },
        { name: 'billing', url: `${portal.url}${paths.registrarBilling}` },
        { name: 'reports', url: `${portal.url}${paths.registrarReports}` },
        { name: 'registrar history', url: `${portal.url}${paths.registrarHistory}` },
        { name: 'EPP addresses', url: `${portal.url}${paths.eppIpAddresses}` },
        { name: 'EPP password', url: `${portal.url}${paths.eppPassword}` },
        { name: 'EPP security', url: `${portal.url}${paths.eppSecurity}` },
        { name: 'search results', url: search },
        { name: 'overview', url: `${portal.url}${paths.registrationOverview}` },
        { name: 'portfolio on date', url: `${portal.url}${paths.portfolioOnDate}` },
        { name: 'changes', url: `${portal.url}${paths.portfolioChanges}` },
        { name: 'reconciliation', url: `${portal.url}${paths.reconciliation}` },
        { name: 'registration', linkOn: { url: search, selector: registrationLink } },
        { name: 'registration past', linkOn: { url: search, selector: registrationLink }, replace: ['/view', '/history'] },
        { name: 'contact', linkOn: { url: search, selector: registrationLink, then: 'a[href*="/contact/view/"]' } },
        { name: 'users', url: `${portal.url}${paths.users}` },
        { name: 'API keys', url: `${portal.url}${paths.apiKeys}` },
        { name: 'webhooks', url: `${portal.url}${paths.webhooks}` },
        { name: 'API reference', url: `${portal.url}${paths.apiReference}` },
        { name: 'messages', url: `${portal.url}${paths.messages}` },
        { name: 'message rules', url: `${portal.url}${paths.messageRules}` },
        { name: 'account', url: `${portal.url}${paths.account}` },
      ] satisfies Page[]
    ).map((page): Page => ({ ...page, signedIn: true }));
    const wanted = values.pages?.split(',').map((name) => name.trim().toLowerCase());
    const pages: Page[] = [{ name: 'floor', url: `${floor.url}/` }, { name: 'sign-in', url: `${portal.url}/` }, ...signedInPages].filter(
      (page) => page.name === 'floor' || !wanted || wanted.includes(page.name.toLowerCase()),
    );
    const unknown = wanted?.filter((name) => !pages.some((page) => page.name.toLowerCase() === name)) ?? [];
    if (unknown.length > 0)
      throw new Error(`no page named ${unknown.join(', ')}; the pages: ${['sign-in', ...signedInPages.map((page) => page.name)].join(', ')}`);
    console.log(
      `Lighthouse on ${pages.length} pages × ${presets.length} presets × ${runs} runs (Node ${node === process.execPath ? process.versions.node : '24'})…`,
    );
    const loadBefore = loadNow();
    const results = await runLighthouse({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags,
      runs,
      presets,
      pages,
      ...(values.reports ? { reportsDir: resolve(values.reports) } : {}),
      signIn: { url: `${portal.url}/registrar/generalData`, username: user, password: demoPassword, totpSecret: demoTotpSecret(user) },
    });
    printLighthouse(
      results,
      pages.map((page) => page.name),
    );
    console.log(`  load average before: ${loadBefore}; after: ${loadNow()}`);
  }
} finally {
  for (const server of running.reverse()) await server.stop();
  rmSync(webDistDir, { recursive: true, force: true });
}
