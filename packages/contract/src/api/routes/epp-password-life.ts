import { eppPasswordResetLinkCheckSchema, eppPasswordSetWithLinkSchema } from '../../epp-password-life';
import { eppPasswordLifeAnswer, eppPasswordResetLinkAnswer, eppPasswordResetLinkStateAnswer } from '../responses/epp-password-life';
import type { ApiRoute } from '../route';
import { operation } from '../operations';
import { webHandledKeys } from '../web-handled-keys';

const linkErrors = { 404: ['epp.resetLink.invalid'], 409: ['epp.resetLink.used', 'epp.resetLink.expired'] } as const;
const token = 'The token of the mailed link: the part of its address after `#`.';
const exampleToken = 'q7bA1x0Zt2cYw9LmN3pR5sV8uK4jH6gF0dE2cB1aZ9y';

/** The EPP password's life (issue 31): its age, and a reset link for an ADMIN who does not know the current password. */
export const eppPasswordLifeRoutes = [
  {
    ...operation('getEppPasswordLife'),
    tag: 'epp',
    summary: "Read the EPP password's age",
    description: "When the EPP password was last changed and by whom, and whether it is older than the registry's policy.",
    access: 'manageEpp',
    answer: { kind: 'json', status: 200, data: eppPasswordLifeAnswer, description: "The password's age." },
    errors: { 404: ['error.notFound'] },
  },
  {
    ...operation('requestEppPasswordResetLink'),
    tag: 'epp',
    summary: 'Mail a link that sets the EPP password',
    description:
      "Mails every ADMIN user of the caller's registrar a link that sets a new EPP password without the current one. It works once, for 30 minutes, and only for a signed-in ADMIN of the registrar. Limited per user and per registrar.",
    access: 'resetEppPassword',
    answer: { kind: 'json', status: 201, data: eppPasswordResetLinkAnswer, description: 'Mailed.' },
    errors: { 404: ['error.notFound'] },
  },
  {
    ...operation('checkEppPasswordResetLink'),
    tag: 'epp',
    summary: 'Check a link that sets the EPP password',
    description: 'Whether the link still works: not used, not expired, and for the caller’s registrar. Does not use it.',
    access: 'resetEppPassword',
    body: eppPasswordResetLinkCheckSchema,
    fields: { token },
    answer: { kind: 'json', status: 200, data: eppPasswordResetLinkStateAnswer, description: 'The link works.' },
    errors: linkErrors,
    webHandles: webHandledKeys.checkEppPasswordResetLink,
    example: { body: { token: exampleToken } },
  },
  {
    ...operation('setEppPasswordWithLink'),
    tag: 'epp',
    summary: 'Set the EPP password with a link',
    description:
      'Uses the link, once, to set a new EPP password (the rules of `PUT /registrar/epp/password`) without the current one. A refused password leaves the link unused.',
    access: 'resetEppPassword',
    body: eppPasswordSetWithLinkSchema,
    fields: { token, newPassword: 'The new password.' },
    answer: { kind: 'json', status: 200, data: null, description: 'Set.' },
    errors: { 400: ['unsafe.password'], ...linkErrors },
    webHandles: webHandledKeys.setEppPasswordWithLink,
    example: { body: { token: exampleToken, newPassword: 'New pass word 2!' } },
  },
] as const satisfies readonly ApiRoute[];
