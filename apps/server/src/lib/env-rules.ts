import { z } from 'zod';

/*
 * The rules an environment variable's text is read with (config.ts): each turns the text into the
 * value the configuration holds, or refuses it saying what it expects; the configuration's one
 * schema is built from them. An empty variable counts as unset (`presentVariables`).
 */

/** A whole number from `min` to `max`, as a number. */
export const wholeNumber = (min: number, max: number, what: string) =>
  z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { message: `must be ${what}` })
    .transform(Number);

/** An address with one of `schemes`, kept as written. */
export const urlWith = (schemes: readonly string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.slice(0, -1));
      } catch {
        return false;
      }
    },
    { message: `must be ${what}` },
  );

/** Addresses with one of `schemes`, separated by commas (spaces around them ignored), as a list; at least one. */
export const urlListWith = (schemes: readonly string[], what: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(urlWith(schemes, what)).min(1, { message: `must be ${what}` }));

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: `must be one of ${values.join(', ')}` });

/** `true` or `false`, as a boolean. */
export const flag = oneOf(['true', 'false']).transform((value) => value === 'true');

/** 32 bytes as 64 hex digits or as base64. */
export const encryptionKey = z.string().refine((value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes, as 64 hex digits or in base64 (e.g. openssl rand -hex 32)',
});

/** The variables among `names` that are set and not empty. */
export function presentVariables(env: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}

/** Variables whose value is a secret or may hold one: named when refused, never repeated. */
const secretName = (name: string) => /KEY|SECRET|PASSWORD|TOKEN|URL$/.test(name) && name !== 'PUBLIC_URL' && name !== 'OIDC_AUTH_URL';

/** One line per refused variable, naming it and what it expects, with the value it had unless a secret. */
export function refusals(error: z.ZodError, present: Record<string, string>): string {
  return error.issues
    .map((issue) => {
      const name = String(issue.path[0] ?? '');
      const shown = secretName(name) || present[name] === undefined ? '' : `, not "${present[name]}"`;
      return name ? `${name} ${issue.message}${shown}` : issue.message;
    })
    .join('; ');
}
