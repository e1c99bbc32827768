import type { z } from 'zod';

/** True when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A wire schema for the contract's type `T`: it compiles only while the schema's output and `T` are
 * the same type, so the OpenAPI document cannot describe a field the type has dropped, nor miss one
 * it gained. `export const userSchema = exactly<PanelUser>()(z.object({ … }))`.
 */
export function exactly<T>() {
  return <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : never)): S => schema;
}
