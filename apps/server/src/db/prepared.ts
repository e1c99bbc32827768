import type { Db } from './database';

/**
 * A query built once per database handle instead of once per call: Drizzle's query building was
 * the largest part of the work of the API's most read calls. The statement is also prepared by
 * name on each connection, so PostgreSQL parses and plans it once per connection. Use it for hot,
 * fixed-shape reads; values go in through `sql.placeholder`.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
