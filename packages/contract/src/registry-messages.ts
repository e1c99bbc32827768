import { z } from 'zod';
import { calendarDateField } from './dates';
import { registryMessageLimits } from './registry-message-limits';
/*
 * The registry's messages to a registrar (the registry data feed's `message` lines, the inbox and
 * the bell): the one list of their kinds and their bounds. A message names a registrar, or none
 * when it is an announcement to all registrars.
 */

export const registryMessageKinds = [
  'transferRequested',
  'transferApproved',
  'transferRejected',
  'transferCancelled',
  'transferAutoApproved',
  'domainDeleted',
  'domainAutoRenewed',
  'domainRedemption',
  'domainPendingDelete',
  'domainRestored',
  'holdSet',
  'holdLifted',
  'lockSet',
  'lockLifted',
  'announcement',
] as const;
export type RegistryMessageKind = (typeof registryMessageKinds)[number];

/**
 * What the inbox lists: the registry's messages, and the hits of the notification rules addressed to
 * the caller (`ruleHit`: the rule's name and what changed in the text, a negative id).
 */
export const inboxMessageKinds = [...registryMessageKinds, 'ruleHit'] as const;
export type InboxMessageKind = (typeof inboxMessageKinds)[number];

/** Every kind but the announcement concerns one registration, whose name the message carries. */
export const registrationMessageKinds = registryMessageKinds.filter((kind) => kind !== 'announcement');

/** The event stream's kind of a message stored (one kind; the message's own kind is in its payload). */
export const registryMessageEventKind = 'registry.message';

const bad = { error: 'error.badRequest' } as const;

/** The inbox's filters and its keyset cursor (the last message of the page before: `<time>_<id>`). */
export const registryMessagesQuerySchema = z.object({
  kind: z.enum(inboxMessageKinds, bad).optional(),
  unread: z.enum(['true', 'false'], bad).optional(),
  from: calendarDateField('error.badRequest').optional(),
  to: calendarDateField('error.badRequest').optional(),
  domain: z.string(bad).trim().min(1, bad).max(253, bad).optional(),
  before: z
    .string(bad)
    .regex(/^\d{4}-\d{2}-\d{2}T[0-9:.]+Z_\d{1,16}$/, bad)
    .optional(),
  size: z.coerce.number(bad).int(bad).min(1, bad).max(registryMessageLimits.maxPage, bad).default(registryMessageLimits.defaultPage),
});
export type RegistryMessagesQuery = z.output<typeof registryMessagesQuerySchema>;

export const registryMessageReadSchema = z.object({ read: z.boolean(bad) });
