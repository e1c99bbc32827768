import { z } from 'zod';
import { notificationRuleTargetSchema, ruleMailChoices } from '../../notification-rules';

/* Notification rules as the API answers them. */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

export const notificationRuleAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  target: notificationRuleTargetSchema,
  recipients: z.array(z.string()).meta({ description: 'Usernames of the registrar told by the rule.' }),
  createdBy: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  lastCount: z.number().int().nullable().meta({ description: "A saved search's count when last counted; none for other kinds." }),
});
export type NotificationRule = z.output<typeof notificationRuleAnswerSchema>;

export const ruleRecipientCandidateSchema = z.object({ username: z.string(), name: z.string() });

export const notificationRulesAnswer = z.object({
  rules: z.array(notificationRuleAnswerSchema),
  candidates: z.array(ruleRecipientCandidateSchema).meta({ description: "The registrar's users a rule may tell (those who read registrations)." }),
  mail: z.enum(ruleMailChoices).meta({ description: "The caller's own choice: hits by mail at once, in a daily digest at 07:00 Brussels, or none." }),
});
export type NotificationRulesResponse = z.output<typeof notificationRulesAnswer>;

export const notificationRuleOneAnswer = z.object({ rule: notificationRuleAnswerSchema });
export type NotificationRuleResponse = z.output<typeof notificationRuleOneAnswer>;

export const ruleMailChoiceAnswer = z.object({ mail: z.enum(ruleMailChoices) });
