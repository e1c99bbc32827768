import type { z } from 'zod';
import type { OperationId } from './operations';
import type { RouteOf } from './routes';

/*
 * What an operation takes and answers, from its table entry's schemas: the server's handlers get the
 * parsed (`z.output`) shapes, the web's client sends the accepted (`z.input`) ones. Types only.
 */

type SchemaAt<Entry, Part extends 'params' | 'query' | 'body'> = Entry extends { readonly [P in Part]: infer S extends z.ZodType } ? S : undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Accepted<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The parsed path parameters, query and body a handler receives (undefined where the entry has none). */
export interface RouteInput<Id extends OperationId> {
  params: Parsed<SchemaAt<RouteOf<Id>, 'params'>>;
  query: Parsed<SchemaAt<RouteOf<Id>, 'query'>>;
  body: Parsed<SchemaAt<RouteOf<Id>, 'body'>>;
}

/** What the web may send: path parameters, query and body as the entry's schemas accept them. */
export interface RouteRequest<Id extends OperationId> {
  params: Accepted<SchemaAt<RouteOf<Id>, 'params'>>;
  query: Accepted<SchemaAt<RouteOf<Id>, 'query'>>;
  body: Accepted<SchemaAt<RouteOf<Id>, 'body'>>;
}

/** The envelope's `data` of a JSON answer (null when the entry says it is always null); never for a file. */
export type RouteAnswer<Id extends OperationId> = RouteOf<Id>['answer'] extends { readonly kind: 'json'; readonly data: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : null
  : never;

/** The operations that answer JSON in the envelope (the rest answer a file or the document itself). */
export type JsonOperationId = { [Id in OperationId]: RouteOf<Id>['answer'] extends { readonly kind: 'json' } ? Id : never }[OperationId];
