import type { FailoverRig } from './failover-rig';
import { people } from './failover-rig';

/*
 * The load the failover test and bench put on the two instances: loops that read, make versioned
 * contact saves and create users (each creation queues an activation mail in the same transaction),
 * each waiting for its answer before the next request. Every request is recorded with its outcome.
 */

export interface Outcome {
  loop: string;
  /** Date.now() when the request was sent and when its answer came. */
  start: number;
  end: number;
  /** The HTTP status; 500/503 when the instance's database connection failed. */
  status: number;
}

/** A save the portal acknowledged (200): the address it wrote and the version it answered. */
export interface AcknowledgedSave {
  loop: string;
  email: string;
  version: number;
}

export interface LoadRun {
  outcomes: Outcome[];
  saves: AcknowledgedSave[];
  /** Saves answered 5xx (the database went away during them): they may or may not have committed. */
  savesInDoubt: { loop: string; email: string }[];
  conflicts: number;
  /** Emails of users whose creation was acknowledged (201), and of those answered 5xx (in doubt). */
  created: string[];
  creationsInDoubt: string[];
  loops: string[];
  /** An answer no loop expects (a 4xx other than a version conflict) ended its loop: the run is broken. */
  broken?: Error;
  /** Ends the loops and waits for them. */
  stop(): Promise<void>;
}

interface RegistrarEnvelope {
  data?: { registrar?: { version?: number } };
}

const contactOfLoop = { 'save-tech': 'TECH', 'save-admin': 'ADMIN' } as const;

/** Starts the loops: two readers, two writers of one registrar's contacts (each on its own instance), one user creator. */
export function startLoad(rig: FailoverRig): LoadRun {
  let running = true;
  let loops: Promise<void>[] = [];
  const run: LoadRun = {
    outcomes: [],
    saves: [],
    savesInDoubt: [],
    conflicts: 0,
    created: [],
    creationsInDoubt: [],
    loops: ['read-0', 'read-1', 'save-tech', 'save-admin', 'create'],
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
  const call = async (loop: string, instance: number, method: 'GET' | 'POST', url: string, body?: object) => {
    const start = Date.now();
    const response = await rig.instances[instance % 2]!.app.inject({
      method,
      url,
      headers: { authorization: await rig.bearer(loop.startsWith('read') ? people.reader : people.admin, ['ADMIN', 'TECH']) },
      ...(body ? { payload: body } : {}),
    });
    run.outcomes.push({ loop, start, end: Date.now(), status: response.statusCode });
    // A failed request is not sent again at once: the database is away, and a spinning loop would only load the machine.
    if (response.statusCode >= 500) await new Promise((resolve) => setTimeout(resolve, 50));
    return response;
  };
  const reader = async (loop: string, instance: number) => {
    while (running) await call(loop, instance, 'GET', '/services/registrar');
  };
  const writer = async (loop: keyof typeof contactOfLoop, instance: number) => {
    for (let n = 1; running; n++) {
      const read = await call(loop, instance, 'GET', '/services/registrar');
      const version = read.statusCode === 200 ? read.json<RegistrarEnvelope>().data?.registrar?.version : undefined;
      if (version === undefined) continue;
      const email = `${loop}-${n}@contacts.failover.example`;
      const body = { type: contactOfLoop[loop], name: `Failover ${loop} ${n}`, phone: `+32.2${String(n).padStart(7, '0')}`, email, version };
      const saved = await call(loop, instance, 'POST', '/services/registrar/whoisContact', body);
      const savedVersion = saved.statusCode === 200 ? saved.json<RegistrarEnvelope>().data?.registrar?.version : undefined;
      if (savedVersion !== undefined) run.saves.push({ loop, email, version: savedVersion });
      else if (saved.statusCode === 409) run.conflicts++;
      else if (saved.statusCode >= 500) run.savesInDoubt.push({ loop, email });
      else throw new Error(`a contact save answered ${saved.statusCode}: ${saved.body}`);
    }
  };
  const creator = async (loop: string, instance: number) => {
    for (let n = 1; running; n++) {
      const email = `${loop}-${n}@users.failover.example`;
      const created = await call(loop, instance, 'POST', '/services/users', { username: `${loop}-${n}`, name: `Failover User ${n}`, email, roles: ['TECH'] });
      if (created.statusCode === 201) run.created.push(email);
      else if (created.statusCode >= 500) run.creationsInDoubt.push(email);
      else throw new Error(`creating a user answered ${created.statusCode}: ${created.body}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const guarded = (loop: Promise<void>) =>
    loop.catch((error: unknown) => {
      run.broken = error instanceof Error ? error : new Error(String(error));
    });
  loops = [reader('read-0', 0), reader('read-1', 1), writer('save-tech', 0), writer('save-admin', 1), creator('create', 0)].map(guarded);
  return run;
}

/** Whether every loop has had `count` 2xx answers to requests sent at or after `since`. */
export function everyLoopAnswered(run: LoadRun, since: number, count = 1): boolean {
  const ok = new Map<string, number>();
  for (const outcome of run.outcomes) {
    if (outcome.start >= since && outcome.status >= 200 && outcome.status < 300) ok.set(outcome.loop, (ok.get(outcome.loop) ?? 0) + 1);
  }
  return run.loops.every((loop) => (ok.get(loop) ?? 0) >= count);
}

/** When (Date.now()) each loop had its first 2xx answer to a request sent at or after `since`. */
export function loopsBackAt(run: LoadRun, since: number): Record<string, number> {
  return Object.fromEntries(
    run.loops.map((loop) => [
      loop,
      Math.min(...run.outcomes.filter((o) => o.loop === loop && o.start >= since && o.status >= 200 && o.status < 300).map((o) => o.end)),
    ]),
  );
}
