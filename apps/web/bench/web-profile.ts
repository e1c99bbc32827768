/*
 * `npx tsx apps/web/bench/web-profile.ts [--dist DIR] [--runs N] [--out DIR]`: where the main thread's
 * time goes on the signed-in pages bench:web measures. Builds the web app unminified (names kept) unless
 * given a build, starts the portal in demo mode, signs in as admin@acme in Chromium (playwright-core),
 * then loads general data and the search result page cold with the CPU slowed 4× and the DevTools
 * protocol's Profiler on, and prints each page's script time by function (self time) and by module,
 * and its long tasks. `--out` keeps the .cpuprofile files (Chromium's DevTools open them).
 * Figures are printed, never asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { generate } from 'otplib';
import { demoPassword, demoTotpSecret } from '../../server/src/identity/demo/demo-accounts';
import { loadNow, startPortal, tempDir, type Running } from './portal';
import { chromiumFlags } from '../../../e2e/support/chromium-flags';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { dist: { type: 'string' }, runs: { type: 'string' }, out: { type: 'string' }, top: { type: 'string' } },
  strict: true,
});
const runs = Number(values.runs ?? 3);
const top = Number(values.top ?? 25);
const webRoot = new URL('..', import.meta.url).pathname;
const user = 'admin@acme';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per function and per script file of a CPU profile. */
function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url ? frame.url.replace(/^.*\/assets\//, '') : `(${frame.functionName || 'program'})`;
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  return { byFunction, byFile };
}

/** Total time (ms) under each function, its callees included, once per stack. */
function totalTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!frame.url) continue;
      const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/assets\//, '')}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + ms);
    }
  });
  return totals;
}

const add = (into: Map<string, number>, from: Map<string, number>) => from.forEach((ms, key) => into.set(key, (into.get(key) ?? 0) + ms));
const print = (title: string, map: Map<string, number>, count: number, divide: number) => {
  console.log(`  ${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`    ${(ms / divide).toFixed(0).padStart(6)} ms  ${key}`);
};

async function signIn(page: Page, url: string) {
  await page.goto(url);
  await page.fill('#username', user);
  await page.fill('#password', demoPassword);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  await page.fill('#code', await generate({ secret: demoTotpSecret(user) }));
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  await page.waitForFunction(
    () => !location.pathname.startsWith('/auth/') && !new URLSearchParams(location.search).has('code') && document.querySelector('#root main h1') !== null,
    undefined,
    { timeout: 30_000 },
  );
}

/** One cold load of `url` in the signed-in tab, profiled at 4× slower CPU; the page is ready when `ready` is in it. */
async function profileLoad(page: Page, cdp: CDPSession, url: string, ready: string) {
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: 60_000, state: 'attached' }).catch(async (error: unknown) => {
    console.error(`not ready at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`);
    throw error;
  });
  const readyMs = Date.now() - started;
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks ?? []);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { profile, readyMs, longTasks };
}

let portal: Running | undefined;
const distDir = values.dist ?? tempDir('rp-web-profile-dist-');
try {
  if (!values.dist) {
    console.log('Building the web app (unminified, for names)…');
    await build({ root: webRoot, configFile: `${webRoot}vite.config.ts`, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true, minify: false } });
  }
  portal = await startPortal(distDir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...chromiumFlags] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(Math.round(entry.duration)))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  const page = await context.newPage();
  await signIn(page, `${portal.url}/registrar/generalData`);
  const cdp = await context.newCDPSession(page);
  const pages = [
    { name: 'general data', url: `${portal.url}/registrar/generalData`, ready: 'main >> text=Wouter Janssens' },
    { name: 'search results', url: `${portal.url}/registrations/search?domainname=*&page=1`, ready: 'table.registration-results tbody tr' },
  ];
  if (values.out) mkdirSync(values.out, { recursive: true });
  console.log(`load average before: ${loadNow()}`);
  for (const target of pages) {
    const functions = new Map<string, number>();
    const files = new Map<string, number>();
    const totals = new Map<string, number>();
    const readies: number[] = [];
    const longTasks: number[][] = [];
    let scriptMs = 0;
    await profileLoad(page, cdp, target.url, target.ready); // warm-up, not counted
    for (let run = 1; run <= runs; run++) {
      const result = await profileLoad(page, cdp, target.url, target.ready);
      const { byFunction, byFile } = selfTimes(result.profile);
      add(functions, byFunction);
      add(files, byFile);
      add(totals, totalTimes(result.profile));
      scriptMs += [...byFile].filter(([file]) => !/^\(\((idle|program|garbage collector)\)\)$/.test(file)).reduce((sum, [, ms]) => sum + ms, 0);
      readies.push(result.readyMs);
      longTasks.push(result.longTasks);
      if (values.out) writeFileSync(join(values.out, `${target.name.replace(/\W+/g, '-')}-${run}.cpuprofile`), JSON.stringify(result.profile));
    }
    console.log(`\n${target.name} (CPU 4× slower, ${runs} cold loads, averages per load)`);
    console.log(`  ready after ${readies.join(', ')} ms; sampled script time (not idle/program/GC) ${(scriptMs / runs).toFixed(0)} ms`);
    console.log(`  long tasks (ms): ${longTasks.map((tasks) => `[${tasks.join(', ')}] sum ${tasks.reduce((a, b) => a + b, 0)}`).join('; ')}`);
    print('self time by file', files, 15, runs);
    print('self time by function', functions, top, runs);
    print('total time by function (callees included)', totals, top, runs);
  }
  console.log(`\nload average after: ${loadNow()}`);
  await browser.close();
} finally {
  await portal?.stop();
}
