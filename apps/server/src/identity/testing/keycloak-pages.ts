import { createHash, randomBytes } from 'node:crypto';
import { currentTotpCode } from '../sign-in/totp';

/**
 * Keycloak's own pages, driven over HTTP as a browser without scripts would: cookies kept, forms
 * read from the HTML and posted. The Keycloak suite signs in and follows mailed links with it; the
 * Chromium suite does the same in a real browser.
 */

/** The last TOTP step each secret's code was given for: Keycloak takes a code once only. */
const lastStepUsed = new Map<string, number>();

/**
 * A code Keycloak has not seen yet for this secret: the current step's, or else the next step's
 * (the realm accepts one step of look-ahead, as a phone a little ahead would give); beyond that,
 * wait for time to catch up.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (lastStepUsed.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      lastStepUsed.set(secret, step);
      return currentTotpCode(secret, step * 30_000 + 1_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;|&#47;/g, '/')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

export interface PageForm {
  id: string;
  action: string;
  fields: Map<string, string>;
}

/** Every form of a page, with its inputs' names and values. */
export function formsOf(html: string): PageForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes = '', body = '']) => {
    const fields = new Map<string, string>();
    for (const [input] of body.matchAll(/<input\b[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(input)?.[1];
      if (name) fields.set(name, decode(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? ''));
    }
    return { id: /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '', action: decode(/\baction="([^"]*)"/.exec(attributes)?.[1] ?? ''), fields };
  });
}

/** The text of the page's manual-entry TOTP key (shown in groups of four), without spaces. */
export function manualTotpKeyOf(html: string): string | undefined {
  return /id="kc-totp-secret-key"[^>]*>([^<]+)</.exec(html)?.[1]?.replace(/\s+/g, '');
}

export interface Step {
  url: string;
  status: number;
  html: string;
}

/** A cookie-keeping HTTP client that follows redirects until the portal's address (where a browser would hand over to the app). */
export class PageSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly portalUrl: string) {}

  async get(url: string): Promise<Step> {
    return this.request(url, { method: 'GET' });
  }

  async post(url: string, fields: Record<string, string> | Map<string, string>): Promise<Step> {
    const body = new URLSearchParams(fields instanceof Map ? Object.fromEntries(fields) : fields);
    return this.request(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  private async request(url: string, init: { method: string; body?: URLSearchParams; headers?: Record<string, string> }): Promise<Step> {
    let current = url;
    let next: { method: string; body?: URLSearchParams; headers?: Record<string, string> } = init;
    for (let hops = 0; hops < 10; hops++) {
      const response = await fetch(current, { ...next, headers: { ...next.headers, cookie: this.cookieHeader() }, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
        if (expired || eq < 1 || pair.slice(eq + 1) === '') this.cookies.delete(pair.slice(0, eq));
        else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).toString();
        if (current.startsWith(this.portalUrl)) return { url: current, status: response.status, html: '' };
        next = { method: 'GET' };
        continue;
      }
      return { url: current, status: response.status, html: await response.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface KeycloakTokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

export interface PageCredentials {
  username: string;
  password: string;
  /** Base32 TOTP secret of an enrolled user. */
  totpSecret?: string;
  /** A new password, when a page asks for one (activation). */
  newPassword?: string;
  /** Called with the base32 key the TOTP set-up page shows, when it asks for enrolment. */
  onEnrol?: (secret: string) => void;
  /** Called with each page's HTML as it comes. */
  onPage?: (html: string) => void;
}

/**
 * Answers whatever page comes: sign-in, one-time code, new password, TOTP set-up, or an
 * "Click here to proceed" info page; stops at the portal's address or at a page it does not know.
 */
export async function walkPages(session: PageSession, first: Step, credentials: PageCredentials): Promise<Step> {
  let step = first;
  // A form shown again means it was refused (wrong password or code): a person would stop there too.
  const answered = new Set<string>();
  for (let pages = 0; pages < 8 && step.html; pages++) {
    credentials.onPage?.(step.html);
    const form = formsOf(step.html).find((f) => f.action.includes('login-actions') || f.action.includes('/protocol/openid-connect/'));
    const kind = form ? [...form.fields.keys()].sort().join(' ') : '';
    if (form && answered.has(kind)) return step;
    answered.add(kind);
    if (form?.fields.has('username') && form.fields.has('password')) {
      step = await session.post(form.action, { ...Object.fromEntries(form.fields), username: credentials.username, password: credentials.password });
    } else if (form?.fields.has('password-new')) {
      if (!credentials.newPassword) return step;
      step = await session.post(form.action, {
        ...Object.fromEntries(form.fields),
        'password-new': credentials.newPassword,
        'password-confirm': credentials.newPassword,
      });
    } else if (form?.fields.has('totpSecret')) {
      // The manual-entry key is on the page in manual mode; the default mode shows the QR code.
      const manualLink = /<a\b[^>]*href="([^"]*)"[^>]*id="mode-manual"/.exec(step.html)?.[1];
      const manual = manualTotpKeyOf(step.html) ?? (manualLink ? manualTotpKeyOf((await session.get(decode(manualLink))).html) : undefined);
      if (!manual) throw new Error('the TOTP set-up page shows no manual-entry key');
      credentials.onEnrol?.(manual);
      credentials.totpSecret = manual;
      step = await session.post(form.action, { ...Object.fromEntries(form.fields), totp: await freshTotpCode(manual), userLabel: 'phone' });
    } else if (form?.fields.has('otp')) {
      if (!credentials.totpSecret) return step;
      step = await session.post(form.action, { ...Object.fromEntries(form.fields), otp: await freshTotpCode(credentials.totpSecret) });
    } else {
      const proceed = /<a\b[^>]*href="([^"]*login-actions[^"]*)"/.exec(step.html)?.[1];
      if (!proceed) return step;
      step = await session.get(decode(proceed));
    }
  }
  return step;
}

/** Authorization code with PKCE through Keycloak's pages, then the code exchanged at the token endpoint. */
export async function signInThroughPages(issuer: string, portalUrl: string, clientId: string, credentials: PageCredentials): Promise<KeycloakTokens> {
  const session = new PageSession(portalUrl);
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${portalUrl}/`;
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const last = await walkPages(session, await session.get(`${issuer}/protocol/openid-connect/auth?${query.toString()}`), credentials);
  const code = last.url.startsWith(portalUrl) ? new URL(last.url).searchParams.get('code') : null;
  if (!code)
    throw new Error(
      `sign-in did not reach the portal: ${last.status} ${last.url}\n${JSON.stringify(formsOf(last.html).map((f) => [f.id, [...f.fields.keys()]]))} ${/<title>([^<]*)/.exec(last.html)?.[1]} ${last.html
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 1500)}`,
    );
  const response = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  if (!response.ok) throw new Error(`code exchange refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as KeycloakTokens;
}
