import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { issuerOf, type Config } from '../../config';

/** The cookies a browser would keep, with their paths; enough for the provider's cookies. */
class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  store(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=.*1970/i.test(a) || /^max-age=0$/i.test(a));
      const key = `${name}|${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  headerFor(url: string): string {
    const path = new URL(url, 'http://x').pathname;
    return [...this.cookies.entries()]
      .filter(([, cookie]) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
}

/**
 * Drives the embedded provider the way the web app and a browser do, through `inject()`: the
 * authorization request with PKCE, the sign-in pages, the code exchange, refresh and logout.
 */
export class SignInDriver {
  readonly jar = new CookieJar();
  readonly issuer: string;
  readonly redirectUri: string;
  private verifier = '';
  /** The last page shown (HTML), and where it is. */
  page = '';
  pageUrl = '';
  status = 0;
  /** Headers sent with every request besides the browser's own (say, a proxy's X-Forwarded-For). */
  extraHeaders: Record<string, string> = {};

  constructor(
    private readonly app: FastifyInstance,
    private readonly config: Config,
    private readonly ip = '203.0.113.10',
  ) {
    this.issuer = issuerOf(config);
    this.redirectUri = `${config.publicUrl}/`;
  }

  private host(): string {
    return new URL(this.config.publicUrl).host;
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.config.publicUrl);
    const response = await this.app.inject({
      method,
      url: target.pathname + target.search,
      headers: {
        host: this.host(),
        cookie: this.jar.headerFor(target.pathname),
        ...this.extraHeaders,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      // The browser's own address, as a socket shows it (X-Forwarded-For counts only from a trusted proxy).
      remoteAddress: this.ip,
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects until a page or the web app's redirect URI; returns the final URL. */
  async follow(response: LightMyRequestResponse, url: string): Promise<string> {
    let current = response;
    let at = url;
    for (let hops = 0; hops < 10 && current.statusCode >= 300 && current.statusCode < 400; hops++) {
      at = new URL(String(current.headers.location), new URL(at, this.config.publicUrl)).toString();
      if (at.startsWith(this.redirectUri) && new URL(at).pathname === '/') return at;
      current = await this.request('GET', at);
    }
    this.page = current.body;
    this.pageUrl = at;
    this.status = current.statusCode;
    return at;
  }

  /** Opens the authorization endpoint as the web app does (with `extra` parameters: `max_age`); ends on the sign-in page (or back at the app). */
  async start(extra: Record<string, string> = {}): Promise<string> {
    this.verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(this.verifier).digest('base64url');
    const params = new URLSearchParams({
      client_id: this.config.identity.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(8).toString('hex'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    });
    const url = `${this.issuer}/protocol/openid-connect/auth?${params.toString()}`;
    return this.follow(await this.request('GET', url), url);
  }

  /** The form's action on the current page. */
  formAction(): string {
    const match = /<form\s+method="post"\s+action="([^"]+)"/.exec(this.page);
    if (!match?.[1]) throw new Error(`no form on the page:\n${this.page.slice(0, 500)}`);
    return match[1].replace(/&amp;/g, '&');
  }

  async submit(form: Record<string, string>): Promise<string> {
    const action = this.formAction();
    return this.follow(await this.request('POST', action, form), action);
  }

  /** Exchanges the code of the app's redirect URI for tokens. */
  async exchange(callbackUrl: string): Promise<Tokens> {
    const code = new URL(callbackUrl).searchParams.get('code');
    if (!code) throw new Error(`no code in ${callbackUrl}`);
    const response = await this.tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      client_id: this.config.identity.clientId,
      code_verifier: this.verifier,
    });
    if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.body}`);
    return response.json<Tokens>();
  }

  async tokenRequest(form: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST',
      url: `${new URL(this.issuer).pathname}/protocol/openid-connect/token`,
      headers: { host: this.host(), 'content-type': 'application/x-www-form-urlencoded', ...this.extraHeaders },
      remoteAddress: this.ip,
      payload: new URLSearchParams(form).toString(),
    });
  }

  async refresh(refreshToken: string): Promise<LightMyRequestResponse> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.config.identity.clientId });
  }
}
