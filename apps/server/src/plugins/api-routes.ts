import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brusselsDay, message, type Envelope, type Message, type MessageKey } from '@registrar-panel/contract';
import {
  apiRoutes,
  type ApiRoute,
  type OperationId,
  type PersonalDataMark,
  type RouteAnswer,
  type RouteInput,
  type RouteOf,
} from '@registrar-panel/contract/api';
import type { Database } from '../db/database';
import { databaseUse, type DatabaseUse } from '../db/pool-clients';
import { isConnectionFailure, isReplicaRefusal, type ReadReplicas } from '../db/read-replicas';
import { forbidden, parseInput } from '../errors';
import { sendCsv, type CsvFile } from '../lib/csv-file';
import { mayCall, type Authenticator, type SignedInUser } from './auth';
import { limitRequests } from './rate-limits';
import { requireRecentAuthentication } from './recent-authentication';
import type { registrarStatusGate } from './registrar-status';
import { limitBeforeAuthentication, limitPerCaller, routeLimits } from './route-limits';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every `/services` request that passed authentication; null on the public route. */
    user: SignedInUser;
    /** What the request did on the primary (db/pool-clients.ts); set for every `/services` request. */
    databaseUse: DatabaseUse | null;
  }
  interface FastifyContextConfig {
    /** The route table entry a `/services` route was registered from. */
    apiRoute?: ApiRoute;
  }
}

type AnswerOf<Id extends OperationId> = RouteOf<Id>['answer'];

/** What a handler gives back: the envelope's `data` of a JSON entry, the file of a CSV entry, the sent reply of the document. */
export type HandlerResult<Id extends OperationId> =
  AnswerOf<Id> extends { readonly kind: 'json' } ? RouteAnswer<Id> : AnswerOf<Id> extends { readonly kind: 'csv' } ? CsvFile : FastifyReply;

/** The notices an entry's answer may carry (`answer.messages`). */
type NoticeOf<Id extends OperationId> = AnswerOf<Id> extends { readonly messages: readonly (infer Key)[] } ? Key : never;

export interface HandlerContext<Id extends OperationId> {
  /** The caller, past every check of the entry; none on a public route. */
  user: RouteOf<Id>['access'] extends 'public' ? undefined : SignedInUser;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Puts one of the entry's `answer.messages` in the envelope beside the data. */
  notice: (key: NoticeOf<Id>) => void;
  /**
   * Where the handler's lag-tolerant reads go: a replica when the entry says `reads: 'replica'` and
   * one has replayed the caller's last write, else the primary (`app.database`). Writes, and reads
   * that decide a write, always use `app.db`.
   */
  reads: Database;
}

/** A route's handler: the parsed input of its entry in, its answer out; it calls a service and presents. */
export type RouteHandler<Id extends OperationId> = (input: RouteInput<Id>, context: HandlerContext<Id>) => Promise<HandlerResult<Id>>;

/** One handler per operation of the table: a missing one fails to compile where the map is built (modules/api-handlers.ts). */
export type ApiHandlers = { [Id in OperationId]: RouteHandler<Id> };

/** Any handler, as the loop over the table calls it: each is typed by its own entry where it is written. */
type TableHandler = (
  input: { params: unknown; query: unknown; body: unknown },
  context: { user: SignedInUser | undefined; request: FastifyRequest; reply: FastifyReply; notice: (key: MessageKey) => void; reads: Database },
) => Promise<unknown>;

/** One answer of a route marked `personalData` (the route table's one mark), as the personal-data log keeps it. */
export interface PersonalDataRead {
  at: Date;
  registrarHandle: string;
  /** The user, or the API key by the name the audit trail gives it. */
  username: string;
  ip: string;
  operation: string;
  /** The path and query parameters as parsed by the entry's schemas. */
  params: Record<string, unknown>;
  rows: number;
  /** The contact handles shown, where the entry's mark names them. */
  handles?: readonly string[] | undefined;
}

export interface ApiRoutesOptions {
  handlers: ApiHandlers;
  authenticate: Authenticator;
  registrarStatus: ReturnType<typeof registrarStatusGate>;
  recentAuthenticationSeconds: number;
  /** Takes each answer of a route marked `personalData` (modules/personal-data-log/); unset: none recorded (PERSONAL_DATA_LOG=false). */
  recordPersonalData?: ((read: PersonalDataRead) => void) | undefined;
  /** The primary, and the replicas lag-tolerant reads may use (db/read-replicas.ts). */
  database: Database;
  replicas: ReadReplicas;
}

/** The personal-data log's entry for an answer of a marked route: counted from the answer itself. */
function personalDataRead(route: ApiRoute, mark: PersonalDataMark, user: SignedInUser, input: ReturnType<typeof parsedInput>, data: unknown): PersonalDataRead {
  const params = { ...input.params, ...input.query };
  return {
    at: new Date(),
    registrarHandle: user.registrarHandle,
    username: user.username,
    ip: user.ip,
    operation: route.operationId,
    params,
    rows: mark.rows(data),
    handles: mark.handles?.(data),
  };
}

/** Whose writes a reader must see: one user, or one API key (its actor name is unique per registrar). */
const readerOf = (user: SignedInUser | null | undefined) => (user ? `${user.registrarHandle}:${user.username}` : undefined);

/** The entry's params, query and body parsed with its own schemas (a dated body with today's, Brussels); 400 with one message per field. */
function parsedInput(route: ApiRoute, request: FastifyRequest) {
  const body = route.bodyOn ? route.bodyOn(brusselsDay()) : route.body;
  return {
    params: route.params ? parseInput(route.params, request.params) : undefined,
    query: route.query ? parseInput(route.query, request.query) : undefined,
    body: body ? parseInput(body, request.body) : undefined,
  };
}

/**
 * The API: every `/services` route registered from the route table (packages/contract/src/api),
 * each with its handler (modules/api-handlers.ts). One order for every route, before the handler
 * runs: the limit per address; then, unless the entry is public, authentication (a token or an API
 * key), the registrar's status (`allowedWhileSuspended`), the limits per caller and the entry's own
 * (plugins/route-limits.ts), authorisation by the entry's `access` or, for a key, its `apiKeyScope`,
 * and a recent sign-in where the entry says `recentAuthentication`: all before the body is read.
 * Then the params, query and body are parsed with the entry's schemas, the handler gets them typed,
 * and its answer goes out as the entry says: in the envelope with the entry's status, or as a CSV file;
 * an entry marked `personalData` leaves one read in the personal-data log for each answer.
 * Services keep only what the rows tell (the caller's own registrar, their own user).
 */
export async function apiRoutesPlugin(app: FastifyInstance, options: ApiRoutesOptions) {
  app.decorateRequest('user', null as unknown as SignedInUser);
  app.decorateRequest('databaseUse', null);
  const { replicas } = options;
  const fencing = replicas.replicas.length > 0;

  /** Everything the request does, checks included, runs with its own record of writes. */
  const trackWrites = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const use: DatabaseUse = { wrote: false };
    request.databaseUse = use;
    databaseUse.run(use, done);
  };
  /** Before the answer leaves: a request that wrote keeps its caller's reads on the primary until a replica replays it. */
  const fenceWrites = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const reader = readerOf(request.user);
    if (request.databaseUse?.wrote && reader && replicas.replicas.length > 0) {
      try {
        await replicas.recordWrite(reader);
      } catch (error) {
        request.log.error({ err: error }, 'read fence not recorded: this caller may read from a replica that has not replayed their change');
      }
    }
    return payload;
  };

  /**
   * Runs the handler on the server the entry's reads go to. A replica that cancels the query
   * (a recovery conflict) or cannot be reached: once more on the primary, before anything is sent.
   */
  const runReads = async (route: ApiRoute, request: FastifyRequest, work: (reads: Database) => Promise<unknown>) => {
    if (route.reads !== 'replica') return work(options.database);
    const choice = await replicas.choose(readerOf(request.user));
    if (!choice.replica) return work(choice.database);
    try {
      return await work(choice.database);
    } catch (error) {
      const unreachable = isConnectionFailure(error);
      if (!(unreachable || isReplicaRefusal(error))) throw error;
      if (unreachable) replicas.setAside(choice.replica);
      request.log.warn({ err: error, replica: choice.replica.name }, 'read replica failed the query: answered from the primary');
      replicas.routed.primary_retry++;
      return work(options.database);
    }
  };
  // A CSV body is a file of any size: its handler reads the request's stream as it arrives
  // (modules/reconciliation/), so nothing parses or buffers it here. No route takes another CSV body.
  app.addContentTypeParser(['text/csv', 'application/csv'], (_request, _payload, done) => done(null));

  /** The checks of one entry, in their one order, before the body is read. */
  const checksOf = (route: ApiRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    await limitRequests(...limitBeforeAuthentication)(request, reply);
    if (route.access === 'public') return;
    request.user = await options.authenticate(request);
    await options.registrarStatus(request, route);
    await limitRequests(...limitPerCaller, ...(routeLimits[route.operationId as OperationId] ?? []))(request, reply);
    if (!mayCall(request.user, route)) throw forbidden();
    if (route.recentAuthentication) requireRecentAuthentication(request.user, options.recentAuthenticationSeconds);
  };

  for (const route of apiRoutes) {
    // The one cast: the loop holds every entry, each handler is typed by its own where it is written.
    const handle = options.handlers[route.operationId as OperationId] as unknown as TableHandler;
    app.route({
      method: route.method,
      url: route.path,
      config: { apiRoute: route },
      // Writes are tracked and fenced only where a replica may serve reads: without one, no request pays for it.
      ...(fencing ? { onRequest: [trackWrites, checksOf(route)], onSend: fenceWrites } : { onRequest: [checksOf(route)] }),
      // No HEAD beside a GET: the table does not have it, so no one (a key least of all) reaches a route by it.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const notices: Message[] = [];
        const notice = (key: MessageKey) => void notices.push(message(key));
        const input = parsedInput(route, request);
        const result = await runReads(route, request, (reads) => handle(input, { user: request.user ?? undefined, request, reply, notice, reads }));
        // Answered: a route whose answer holds personal data leaves its entry in the log (written off this request's path).
        if (route.personalData && options.recordPersonalData && request.user)
          options.recordPersonalData(personalDataRead(route, route.personalData, request.user, input, result));
        if (route.answer.kind === 'csv') return sendCsv(reply, result as CsvFile);
        if (route.answer.kind === 'openapi') return result;
        void reply.status(route.answer.status);
        return { data: result, messages: notices } satisfies Envelope<unknown>;
      },
    });
  }
}
