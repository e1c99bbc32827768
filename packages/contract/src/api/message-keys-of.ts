import type { z } from 'zod';
import { isMessageKey, type MessageKey } from '../messages';

/*
 * The message keys a contract schema can answer with. Each zod rule names its key as `error:`
 * (validation.ts turns an issue into a message with it); a rule without one answers
 * `validation.unknown`. Read from zod's own definitions, so the document follows every schema change.
 */

type ErrorMap = (issue: unknown) => unknown;
interface Def {
  type: string;
  error?: unknown;
  checks?: readonly { _zod: { def: { check: string; error?: unknown } } }[];
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  keyType?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
}

/** Types whose own parse never fails: wrappers and anything-goes. Their inner types are still read. */
const neverFails = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'pipe', 'transform', 'any', 'unknown', 'lazy']);
/** Checks that rewrite the value and cannot fail (trim, lower case). */
const rewrites = new Set(['overwrite']);

function keyOf(error: unknown): MessageKey {
  const key = typeof error === 'function' ? (error as ErrorMap)({}) : undefined;
  return typeof key === 'string' && isMessageKey(key) ? key : 'validation.unknown';
}

/**
 * Every message key parsing `schema` can give. `root: false` for a query object, which is always an
 * object (its own type error cannot happen).
 */
export function messageKeysOf(schema: z.core.$ZodType, options: { root?: boolean } = {}): Set<MessageKey> {
  const keys = new Set<MessageKey>();
  const visit = (node: z.core.$ZodType, isRoot: boolean) => {
    const def = node._zod.def as unknown as Def;
    if (!neverFails.has(def.type) && !(isRoot && options.root === false)) keys.add(keyOf(def.error));
    for (const { _zod: check } of def.checks ?? []) {
      if (rewrites.has(check.def.check)) continue;
      // A custom check without `error` (a superRefine) adds issues with keys of its own: the route lists those.
      if (check.def.check === 'custom' && check.def.error === undefined) continue;
      keys.add(keyOf(check.def.error));
    }
    const children = [
      ...Object.values(def.shape ?? {}),
      ...(def.options ?? []),
      ...[def.innerType, def.element, def.in, def.out, def.keyType, def.valueType, def.left, def.right].filter((child) => child !== undefined),
    ];
    for (const child of children) visit(child, false);
  };
  visit(schema, true);
  return keys;
}
