import { z } from 'zod';
import { inboxMessageKinds } from '../../registry-messages';

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

export const registryMessageSchema = z.object({
  id: z.number().int().meta({ description: "The registry's number for the message; a rule hit's is negative." }),
  at: timestamp,
  kind: z.enum(inboxMessageKinds).meta({ description: "The registry message's kind, or `ruleHit`: a hit of a notification rule addressed to the caller." }),
  domain: z.string().nullable().meta({ description: 'The registration concerned (Unicode); none for an announcement.' }),
  text: z.string().meta({ description: 'Plain text, at most 1,000 characters.' }),
  toAll: z.boolean().meta({ description: 'An announcement to every registrar.' }),
  read: z.boolean().meta({ description: 'Read by the caller.' }),
  pinned: z.boolean().meta({ description: 'An announcement the caller has not dismissed: shown above the others.' }),
});

export const registryMessagesAnswer = z.object({
  messages: z.array(registryMessageSchema),
  pinned: z
    .array(registryMessageSchema)
    .meta({ description: 'The announcements the caller has not dismissed (at most 10), newest first, whatever the filters.' }),
  next: z.string().nullable().meta({ description: 'The `before` of the next page; none on the last.' }),
});
export type RegistryMessagesResponse = z.output<typeof registryMessagesAnswer>;
export type RegistryMessage = z.output<typeof registryMessageSchema>;

export const unreadRegistryMessagesAnswer = z.object({
  unread: z.number().int().meta({ description: 'Unread messages, counted up to 100 (the bell shows 99+ beyond).' }),
});
export type UnreadRegistryMessagesResponse = z.output<typeof unreadRegistryMessagesAnswer>;
