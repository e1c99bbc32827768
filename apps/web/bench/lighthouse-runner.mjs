// Runs Lighthouse on the pages web-bench.ts names, on Node 22+ (Lighthouse 13's minimum), through
// Debian's Chromium. Input: the path of a JSON file ({ chromePath, chromeFlags, runs, presets, pages,
// signIn, reportsDir? }); a page has a url, or `linkOn: { url, selector, then? }` and `replace?:
// [what, with]` to find it by a link once signed in. Output: one JSON line per run on stdout; progress on stderr; with reportsDir,
// each run's whole Lighthouse report there as JSON.
//
// Pages behind sign-in are measured in the tab that signed in: the portal keeps its session in that
// tab's sessionStorage, which a new tab (what Lighthouse opens when it is given only a debugging
// port) would not have. So Lighthouse is handed that tab (its `page` argument) with
// `disableStorageReset`, and the browser's HTTP cache is emptied before each run instead: every run
// is a cold load, as Lighthouse's own reset would make it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { generate } from 'otplib';
import puppeteer from 'puppeteer-core';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const log = (line) => process.stderr.write(`${line}\n`);
if (input.reportsDir) mkdirSync(input.reportsDir, { recursive: true });

/** The figures the benchmark prints, from one Lighthouse result. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    bytes: audit('total-byte-weight'),
    finalUrl: lhr.finalDisplayedUrl,
    error: lhr.runtimeError?.code ?? null,
  };
}

async function measure(page, url, preset, keepStorage, reportName) {
  const flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: keepStorage };
  if (keepStorage) {
    // From a blank page (the tab's sessionStorage stays): Lighthouse's trace then always sees the navigation start.
    await page.goto('about:blank');
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
  }
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined, page);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (input.reportsDir) writeFileSync(join(input.reportsDir, `${reportName}.json`), JSON.stringify(result.lhr));
  return figuresOf(result.lhr);
}

/** Signs in through the identity service's pages (password, then the one-time code) in `page`. */
async function signIn(page, { url, username, password, totpSecret }) {
  await page.goto(url);
  await page.waitForSelector('#username');
  await page.type('#username', username);
  await page.type('#password', password);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  await page.waitForSelector('#code');
  await page.type('#code', await generate({ secret: totpSecret }));
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  // Runs in the page: back in the portal, past the callback, the shell drawn.
  const inPortal = () => {
    const { location, document } = globalThis;
    return !location.pathname.startsWith('/auth/') && !new URLSearchParams(location.search).has('code') && document.querySelector('#root main') !== null;
  };
  await page.waitForFunction(inPortal, { timeout: 30_000 });
}

/** The address of a page reached by a link: the first link matching `selector` on `url` (and `then` on where it leads). */
async function linkTarget(tab, { name, linkOn, replace }) {
  const hrefOf = async (url, selector) => {
    await tab.goto(url);
    const link = await tab.waitForSelector(selector, { timeout: 30_000 }).catch(() => null);
    if (!link) throw new Error(`${name}: no link ${selector} on ${url}`);
    return link.evaluate((element) => element.href);
  };
  let url = await hrefOf(linkOn.url, linkOn.selector);
  if (linkOn.then) url = await hrefOf(url, linkOn.then);
  if (replace) url = url.replace(replace[0], replace[1]);
  log(`${name}: ${new URL(url).pathname}`);
  return url;
}

const browser = await puppeteer.launch({ executablePath: input.chromePath, headless: true, args: input.chromeFlags, defaultViewport: null });
try {
  const report = (page, preset, run, figures) => process.stdout.write(`${JSON.stringify({ page: page.name, preset, run, ...figures })}\n`);
  // Pages without a session first (each run starts from empty storage), then the signed-in ones.
  for (const signedIn of [false, true]) {
    const pages = input.pages.filter((page) => Boolean(page.signedIn) === signedIn);
    if (pages.length === 0) continue;
    const tab = await browser.newPage();
    if (signedIn) {
      log(`signing in as ${input.signIn.username}…`);
      await signIn(tab, input.signIn);
      for (const page of pages.filter((page) => page.linkOn)) page.url = await linkTarget(tab, page);
      // The first Lighthouse run in the signed-in tab often loses its trace's navigation start
      // (NO_NAVSTART): one run, not counted, before the measured ones.
      log('a first run, not counted…');
      await measure(tab, pages[0].url, input.presets[0], true, 'warm-up').catch((error) => log(`warm-up: ${error.message}`));
    }
    for (let run = 1; run <= input.runs; run++) {
      for (const preset of input.presets) {
        for (const page of pages) {
          log(`${page.name}, ${preset}, run ${run}/${input.runs}…`);
          const reportName = `${page.name.replace(/\W+/g, '-')}-${preset}-${run}`;
          report(page, preset, run, await measure(tab, page.url, preset, signedIn, reportName));
        }
      }
    }
    await tab.close();
  }
} finally {
  await browser.close();
}
