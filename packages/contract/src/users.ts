import { z } from 'zod';
import { limits } from './limits';
import type { PanelUser } from './api/responses/users';
import { assignableRoles, panelRoles } from './roles';
import { brusselsDay } from './brussels-time';
import { calendarDateField } from './dates';
import { emailField, requiredText } from './validation';

export const usernamePattern = /^[A-Za-z0-9_-]+$/;

const roleList = z.array(z.enum(panelRoles, { error: 'validation.role' })).default([]);

/** `POST /services/users`: the username as typed, without the registrar suffix. */
export const createUserSchema = z.object({
  username: requiredText(limits.usernameMaxLength).regex(usernamePattern, { error: 'validation.username' }),
  name: requiredText(limits.userNameMaxLength),
  email: emailField(limits.userEmailMaxLength),
  roles: roleList,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** `PUT /services/users/{username}`. */
export const updateUserSchema = z.object({
  name: requiredText(limits.userNameMaxLength),
  email: emailField(limits.userEmailMaxLength),
  roles: roleList,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** The user form in edit mode: the username is shown locked and sent in the path, the rest as the PUT validates it. */
export const editUserFormSchema = updateUserSchema.extend({ username: z.string() });

export { assignableRoles };

/**
 * The activity status of a sign-in record: `signIn.success`, or `signIn.` plus the directory's
 * failure reason. Audit entries use their audit action as status (e.g. `user.create`).
 */
export function signInActivityStatus(outcome: string): string {
  return `signIn.${outcome}`;
}

/** The most entries one activity or login-attempt call returns, whatever `size` asks for. */
export const userHistoryMaxSize = 50;

/** Query of the activity and login-attempt calls: `size` is a whole number from 1, capped at 50. */
export function userHistoryQuerySchema(defaultSize: number) {
  return z.object({
    size: z.coerce
      .number({ error: 'error.badRequest' })
      .int({ error: 'error.badRequest' })
      .min(1, { error: 'error.badRequest' })
      .default(defaultSize)
      .transform((size) => Math.min(size, userHistoryMaxSize)),
  });
}

export function isAdmin(user: Pick<PanelUser, 'roles'>): boolean {
  return user.roles.includes('ADMIN');
}

/** One collator for every comparison: `localeCompare` with options builds a new one per call. */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** The order of the user list (spec section 2): ADMIN users first, then by name. */
export function compareUsers(a: PanelUser, b: PanelUser): number {
  const admins = Number(isAdmin(b)) - Number(isAdmin(a));
  return admins !== 0 ? admins : byName.compare(a.name, b.name) || byName.compare(a.username, b.username);
}

/** `PUT /services/users/{username}/enabled`: disable (sign-in refused, sessions ended) or enable again. */
export const userEnabledSchema = z.object({ enabled: z.boolean({ error: 'error.badRequest' }) });
export type UserEnabledInput = z.input<typeof userEnabledSchema>;

/** `PUT /services/users/{username}/accessEnd`: the last day the user may sign in, from today on, or null for no end. */
export function userAccessEndSchema(today: string) {
  return z.object({
    accessEnd: calendarDateField('validation.accessEnd')
      .refine((day) => day >= today, { error: 'validation.accessEnd' })
      .nullable(),
  });
}
export type UserAccessEndInput = z.input<ReturnType<typeof userAccessEndSchema>>;

/**
 * The access-end rule: a user may sign in up to the end of their access end day in Brussels, and
 * is refused from the start of the next day (00:00 Europe/Brussels).
 */
export function accessEnded(accessEnd: string | null, at: Date = new Date()): boolean {
  return accessEnd !== null && accessEnd < brusselsDay(at);
}

/** `PUT /services/registrar/passkeyPolicy`: whether the registrar's users must sign in with a passkey. */
export const passkeyPolicySchema = z.object({ required: z.boolean({ error: 'error.badRequest' }) });
export type PasskeyPolicyInput = z.input<typeof passkeyPolicySchema>;
