/*
 * The browser and operating system a `User-Agent` names, as My account shows a session ("Firefox 133",
 * "Windows"). A few rules of our own rather than a package: the page needs a name a person recognises,
 * not a device database, and the answer is plain text built only from the names below and a version's
 * digits, so nothing of the header itself reaches the page. Order matters: Edge and Opera also say
 * "Chrome", and every Chromium browser also says "Safari".
 */

const browsers: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
];

const systems: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['iPadOS', /\biPad\b/],
  ['iOS', /\b(?:iPhone|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/** A headless browser names itself so (`HeadlessChrome/…`): shown as the browser it is. */
const headless = /\bHeadlessChrome\/(\d+)/;

export interface Device {
  browser: string | null;
  os: string | null;
}

/** The browser (with its major version) and the system a user agent names; null for what it does not name. */
export function deviceOf(userAgent: string): Device {
  const ua = userAgent.slice(0, 1024);
  let browser: string | null = null;
  const headlessVersion = headless.exec(ua)?.[1];
  if (headlessVersion) browser = `Chrome ${headlessVersion}`;
  for (const [name, pattern] of browsers) {
    if (browser) break;
    const version = pattern.exec(ua)?.[1];
    if (version) browser = `${name} ${version}`;
  }
  const os = systems.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
  return { browser, os };
}
