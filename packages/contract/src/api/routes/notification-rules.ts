import { notificationRuleSchema, ruleMailChoiceSchema } from '../../notification-rules';
import { operation } from '../operations';
import { notificationRuleOneAnswer, notificationRulesAnswer, ruleMailChoiceAnswer } from '../responses/notification-rules';
import type { ApiRoute } from '../route';
import { webHandledKeys } from '../web-handled-keys';
import { notificationRuleIdParams } from './params';

const ruleFields = {
  name: 'What the rule is called in the inbox and the mails.',
  target:
    'What it watches: `kind` (`notificationRuleKinds`) and, for some kinds, a status, grace period, label, number of days, or a saved search with its threshold.',
  recipients: "Usernames of the registrar's users who read registrations.",
};
const ruleErrors = {
  400: ['validation.required', 'validation.maxLength', 'validation.pattern', 'validation.ruleTarget', 'validation.ruleRecipients', 'rules.recipientUnknown'],
} as const;
const example = { name: 'Holds', target: { kind: 'entersStatus', status: 'serverHold' }, recipients: ['alice@acme'] };
const id = '4f1c2a9e-8d7b-4c3a-9f0e-1a2b3c4d5e6f';

/** The registrar's notification rules (users who read registrations; no key may call them). */
export const notificationRuleRoutes = [
  {
    ...operation('listNotificationRules'),
    tag: 'registrations',
    summary: "List the registrar's notification rules",
    description: "Every rule of the caller's registrar, the users a rule may tell, and the caller's own mail choice.",
    access: 'readRegistrations',
    answer: { kind: 'json', status: 200, data: notificationRulesAnswer, description: 'The rules.' },
  },
  {
    ...operation('createNotificationRule'),
    tag: 'registrations',
    summary: 'Add a notification rule',
    description:
      "It fires on the changes the registry data feed brings after its creation (expiry rules: at the next daily check; a saved search: when its count crosses the threshold). Each hit reaches the recipients in the inbox, by mail as each chose, and the registrar's webhooks as a `rule.hit` event.",
    access: 'readRegistrations',
    body: notificationRuleSchema,
    fields: ruleFields,
    answer: { kind: 'json', status: 201, data: notificationRuleOneAnswer, description: 'The rule.' },
    errors: { ...ruleErrors, 409: ['rules.tooMany'] },
    webHandles: webHandledKeys.createNotificationRule,
    example: { body: example },
  },
  {
    ...operation('updateNotificationRule'),
    tag: 'registrations',
    summary: 'Change a notification rule',
    description: 'Its name, what it watches and its recipients.',
    access: 'readRegistrations',
    params: notificationRuleIdParams,
    body: notificationRuleSchema,
    fields: ruleFields,
    answer: { kind: 'json', status: 200, data: notificationRuleOneAnswer, description: 'The rule as changed.' },
    errors: { ...ruleErrors, 404: ['error.notFound'] },
    webHandles: webHandledKeys.updateNotificationRule,
    example: { params: { id }, body: example },
  },
  {
    ...operation('deleteNotificationRule'),
    tag: 'registrations',
    summary: 'Delete a notification rule',
    description: 'It fires no more; the hits it made stay in the inboxes until their retention ends.',
    access: 'readRegistrations',
    params: notificationRuleIdParams,
    answer: { kind: 'json', status: 200, data: null, description: 'Deleted.' },
    errors: { 404: ['error.notFound'] },
    example: { params: { id } },
  },
  {
    ...operation('setRuleMailChoice'),
    tag: 'registrations',
    summary: 'Choose how rule hits reach the caller by mail',
    description:
      '`immediate` (a mail within a minute of the hits), `digest` (one mail a day at 07:00 Brussels) or `off`. Every such mail links to this choice.',
    access: 'readRegistrations',
    body: ruleMailChoiceSchema,
    fields: { mail: '`immediate`, `digest` or `off`.' },
    answer: { kind: 'json', status: 200, data: ruleMailChoiceAnswer, description: 'The choice.' },
    example: { body: { mail: 'digest' } },
  },
] as const satisfies readonly ApiRoute[];
