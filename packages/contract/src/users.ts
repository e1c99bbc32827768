import { z } from 'zod';
import { limits } from './limits';
import { assignableRoles, panelRoles, type PanelRole } from './roles';
import { emailField, requiredText } from './validation';

export const usernamePattern = /^[A-Za-z0-9_-]+$/;

export interface ActivityEntry {
  timestamp: string;
  status: string;
  ip?: string;
}

export interface LoginAttempt {
  timestamp: string;
  ip?: string;
  status?: string;
}

/** A panel user as the user API presents it; the username carries '@' plus the registrar handle. */
export interface PanelUser {
  username: string;
  name: string;
  email: string;
  roles: PanelRole[];
}

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

export { assignableRoles };
