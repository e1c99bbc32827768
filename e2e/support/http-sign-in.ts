import { createHash, randomBytes } from 'node:crypto';

/*
 * The embedded sign-in without a browser: fetch, a cookie jar and redirects followed by hand, the
 * way the web app and a browser go through the authorization code flow with PKCE. The origin is
 * where the requests go (the proxy, or one instance directly); the provider's redirects name the
 * public address, and only their path is followed, so a sign-in can be pinned to one instance.
 */

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
}

/** What a page of the sign-in shows, and where. */
export interface Page {
  status: number;
  path: string;
  html: string;
}

export const issuerPath = '/auth/realms/registrar-panel';
export const clientId = 'registrar-panel-web';

export class HttpBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  /**
   * @param origin where every request goes
   * @param headers sent with every request (say, the X-Forwarded-For a proxy would add)
   */
  constructor(
    readonly origin: string,
    readonly headers: Record<string, string> = {},
  ) {}

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((attribute) => attribute.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((attribute) => /^expires=.*1970/i.test(attribute) || /^max-age=0$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(`${name}|${path}`);
      else this.cookies.set(`${name}|${path}`, { value, path });
    }
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }

  /** One request to `origin` + the path of `url` (absolute URLs are reduced to their path and query). */
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Response> {
    const target = new URL(url, this.origin);
    const path = target.pathname + target.search;
    const response = await fetch(`${this.origin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        cookie: this.cookieHeader(target.pathname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    this.store(response);
    return response;
  }

  /** Follows redirects until a page, or until the web app's redirect URI (whose URL is returned as the page's path). */
  async follow(first: Response, redirectUri: string): Promise<Page> {
    let response = first;
    let path = '';
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const location = new URL(response.headers.get('location') ?? '/', this.origin);
      const back = new URL(redirectUri);
      if (location.pathname === back.pathname && location.searchParams.has('code')) {
        await response.body?.cancel();
        return { status: response.status, path: location.pathname + location.search, html: '' };
      }
      await response.body?.cancel();
      path = location.pathname + location.search;
      response = await this.request('GET', path);
    }
    return { status: response.status, path, html: await response.text() };
  }
}

/** The form's action on a sign-in page. */
export function formAction(page: Page): string {
  const match = /<form method="post" action="([^"]+)"/.exec(page.html);
  if (!match?.[1]) throw new Error(`no form on the page (${page.status} ${page.path}):\n${page.html.slice(0, 500)}`);
  return match[1].replace(/&amp;/g, '&');
}

/** The error the sign-in page shows, if any. */
export function pageError(page: Page): string | undefined {
  return /id="form-error">([^<]+)</.exec(page.html)?.[1]?.trim();
}

/** A sign-in under way: the PKCE verifier and the page the provider shows. */
export interface SignInStart {
  verifier: string;
  page: Page;
}

/** Opens the authorization endpoint as the web app does; ends on the password page. */
export async function startSignIn(browser: HttpBrowser, publicUrl: string): Promise<SignInStart> {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${publicUrl}/`,
    response_type: 'code',
    scope: 'openid profile email',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const url = `${issuerPath}/protocol/openid-connect/auth?${params.toString()}`;
  return { verifier, page: await browser.follow(await browser.request('GET', url), `${publicUrl}/`) };
}

/** Posts the current page's form and follows where it leads. */
export async function submit(browser: HttpBrowser, page: Page, form: Record<string, string>, publicUrl: string): Promise<Page> {
  return browser.follow(await browser.request('POST', formAction(page), form), `${publicUrl}/`);
}

/** The token endpoint, with a form. */
export async function tokenRequest(browser: HttpBrowser, form: Record<string, string>): Promise<Response> {
  return browser.request('POST', `${issuerPath}/protocol/openid-connect/token`, { client_id: clientId, ...form });
}

/** The whole sign-in: password, one-time code, the code exchanged for tokens. */
export async function signIn(browser: HttpBrowser, publicUrl: string, username: string, password: string, oneTimeCode: () => Promise<string>): Promise<Tokens> {
  const { verifier, page } = await startSignIn(browser, publicUrl);
  const codePage = await submit(browser, page, { username, password }, publicUrl);
  const back = await submit(browser, codePage, { code: await oneTimeCode() }, publicUrl);
  const code = new URL(back.path, publicUrl).searchParams.get('code');
  if (!code)
    throw new Error(`the sign-in of ${username} did not come back with a code (${back.status} ${back.path}): ${pageError(back) ?? back.html.slice(0, 300)}`);
  const response = await tokenRequest(browser, { grant_type: 'authorization_code', code, redirect_uri: `${publicUrl}/`, code_verifier: verifier });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}
