/*
 * The load the fleet test puts through the proxy: loops that read, make versioned writes and
 * create users (each creation mails an activation link), each waiting for its answer before the
 * next request. Every request is recorded with its timing and outcome.
 */

export interface Outcome {
  loop: string;
  method: string;
  path: string;
  /** Milliseconds (Date.now()) when the request was sent and when its answer (or error) came. */
  start: number;
  end: number;
  /** The HTTP status, or 0 when no answer came (the error says why). */
  status: number;
  error?: string;
}

/** A write the portal acknowledged: what it wrote and the registrar version it answered. */
export interface AcknowledgedWrite {
  type: 'TECH' | 'ADMIN';
  email: string;
  sentVersion: number;
  version: number;
}

interface RegistrarEnvelope {
  data: { registrar: { version: number } } | null;
}

export class LoadRun {
  readonly outcomes: Outcome[] = [];
  readonly writes: AcknowledgedWrite[] = [];
  /** Writes sent without an answer: they may or may not have been committed. */
  readonly writesInDoubt: { type: 'TECH' | 'ADMIN'; email: string }[] = [];
  /** Version conflicts (409): another writer saved first, which is the point of the version. */
  conflicts = 0;
  readonly createdUsers: string[] = [];
  readonly creationsInDoubt: string[] = [];
  private running = true;

  constructor(
    private readonly origin: string,
    private readonly accessToken: () => string,
  ) {}

  stop(): void {
    this.running = false;
  }

  private async call(loop: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json?: unknown }> {
    const start = Date.now();
    try {
      const response = await fetch(`${this.origin}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.accessToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      this.outcomes.push({ loop, method, path, start, end: Date.now(), status: response.status });
      return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
    } catch (error) {
      const reason = error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
      this.outcomes.push({ loop, method, path, start, end: Date.now(), status: 0, error: reason });
      return { status: 0 };
    }
  }

  /** Reads the registrar again and again. */
  async reader(loop: string): Promise<void> {
    while (this.running) await this.call(loop, 'GET', '/services/registrar');
  }

  /**
   * Edits one WHOIS contact again and again, each time from the version just read, with an address
   * of its own; a conflict (another writer saved in between) is read again and retried.
   */
  async writer(loop: string, type: 'TECH' | 'ADMIN'): Promise<void> {
    for (let n = 1; this.running; n++) {
      const read = await this.call(loop, 'GET', '/services/registrar');
      const version = (read.json as RegistrarEnvelope | undefined)?.data?.registrar.version;
      if (read.status !== 200 || version === undefined) continue;
      const email = `${loop}-${n}@contacts.fleet.example`;
      const body = { type, name: `Fleet ${loop} ${n}`, phone: `+32.2${String(n).padStart(7, '0')}`, email, version };
      const saved = await this.call(loop, 'POST', '/services/registrar/whoisContact', body);
      const savedVersion = (saved.json as RegistrarEnvelope | undefined)?.data?.registrar.version;
      if (saved.status === 200 && savedVersion !== undefined) this.writes.push({ type, email, sentVersion: version, version: savedVersion });
      else if (saved.status === 409) this.conflicts++;
      else this.writesInDoubt.push({ type, email });
    }
  }

  /** Creates a user every `pauseMs`; each new user is mailed an activation link. */
  async creator(loop: string, pauseMs: number): Promise<void> {
    for (let n = 1; this.running; n++) {
      const email = `${loop}-${n}@users.fleet.example`;
      const created = await this.call(loop, 'POST', '/services/users', { username: `${loop}-${n}`, name: `Fleet User ${n}`, email, roles: ['TECH'] });
      if (created.status === 201) this.createdUsers.push(email);
      else this.creationsInDoubt.push(email);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** What the load went through around the kill of one instance, in the terms an operator reads. */
export interface FailoverFigures {
  requests: number;
  byMethod: Record<string, number>;
  /** Requests that got no answer, or an answer other than 2xx and the expected 409 conflicts. */
  failed: Outcome[];
  /** From the kill to the first 2xx answer of a request sent after it. */
  firstSuccessMs: number | undefined;
  /** From the kill until every loop had a 2xx answer to a request sent after it. */
  allLoopsBackMs: number | undefined;
  /** The slowest request that was under way at the kill. */
  slowestAcrossKillMs: number;
}

export function failoverFigures(outcomes: readonly Outcome[], killAt: number): FailoverFigures {
  const ok = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;
  const byMethod: Record<string, number> = {};
  for (const outcome of outcomes) byMethod[outcome.method] = (byMethod[outcome.method] ?? 0) + 1;
  const after = outcomes.filter((outcome) => outcome.start >= killAt && ok(outcome));
  const loops = [...new Set(outcomes.map((outcome) => outcome.loop))];
  const backAt = loops.map((loop) => Math.min(...after.filter((outcome) => outcome.loop === loop).map((outcome) => outcome.end)));
  const acrossKill = outcomes.filter((outcome) => outcome.start < killAt && outcome.end >= killAt);
  return {
    requests: outcomes.length,
    byMethod,
    failed: outcomes.filter((outcome) => !ok(outcome) && outcome.status !== 409),
    firstSuccessMs: after.length > 0 ? Math.min(...after.map((outcome) => outcome.end)) - killAt : undefined,
    allLoopsBackMs: backAt.every(Number.isFinite) ? Math.max(...backAt) - killAt : undefined,
    slowestAcrossKillMs: Math.max(0, ...acrossKill.map((outcome) => outcome.end - outcome.start)),
  };
}
