import { addPasskeySchema, changeMyPasswordSchema, confirmTotpEnrolmentSchema } from '../../account';
import {
  endedSessionsAnswer,
  myAccountAnswer,
  myPasskeySchema,
  myPasskeysAnswer,
  mySessionsAnswer,
  passkeyOptionsAnswer,
  totpEnrolmentAnswer,
} from '../responses/account';
import type { ApiRoute } from '../route';
import { operation } from '../operations';
import { webHandledKeys } from '../web-handled-keys';
import { passkeyIdParams, sessionIdParams } from './params';

const recentSignIn = 'Needs a recent sign-in (403 `error.recentSignInRequired` otherwise).';

/**
 * The signed-in user's own account ("My account"): any signed-in user, on their own account only
 * (the token names it; no route takes another user's name). Changes are in the registrar's history
 * and mailed to the user.
 */
export const accountRoutes = [
  {
    ...operation('getMyAccount'),
    tag: 'session',
    summary: 'Read my account',
    description: "The caller's name, email, username and language as the identity service holds them, and whether a second factor is set.",
    access: 'signedIn',
    answer: { kind: 'json', status: 200, data: myAccountAnswer, description: 'The account.' },
  },
  {
    ...operation('changeMyPassword'),
    tag: 'session',
    summary: 'Change my password',
    description: `The current password is checked as at sign-in, with its lockout; the new one follows the sign-in password policy. Every other session of the caller ends. With Keycloak the password is changed on Keycloak's own page (409 \`account.atIdentityService\`). ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    body: changeMyPasswordSchema,
    fields: { currentPassword: 'The password the caller signs in with now.', newPassword: 'The new password: 12 to 256 characters, not a common one.' },
    answer: { kind: 'json', status: 200, data: null, description: 'Changed.' },
    errors: { 400: ['account.password.wrong', 'unsafe.password'], 409: ['account.atIdentityService'], 429: ['account.password.locked'] },
    webHandles: webHandledKeys.changeMyPassword,
    example: { body: { currentPassword: 'the current password', newPassword: 'a new long passphrase' } },
  },
  {
    ...operation('startTotpEnrolment'),
    tag: 'session',
    summary: 'Start enrolling a new authenticator',
    description: `A new secret for the caller's authenticator app; the current one stays until \`PUT /services/me/totp\` confirms the new one with a code. ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    answer: { kind: 'json', status: 200, data: totpEnrolmentAnswer, description: 'The new secret, not yet in use.' },
    errors: { 409: ['account.atIdentityService'] },
    webHandles: webHandledKeys.startTotpEnrolment,
  },
  {
    ...operation('confirmTotpEnrolment'),
    tag: 'session',
    summary: 'Confirm a new authenticator',
    description: `A code of the new authenticator replaces the earlier secret with the new one; every other session of the caller ends. ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    body: confirmTotpEnrolmentSchema,
    fields: { enrolment: 'As `POST /services/me/totp` gave it.', code: 'The 6-digit code the new authenticator shows.' },
    answer: { kind: 'json', status: 200, data: null, description: 'The new authenticator is in use.' },
    errors: { 400: ['account.totp.wrongCode', 'account.totp.enrolmentExpired'], 409: ['account.atIdentityService'] },
    webHandles: webHandledKeys.confirmTotpEnrolment,
    example: { body: { enrolment: 'v1.…', code: '123456' } },
  },
  {
    ...operation('listMySessions'),
    tag: 'session',
    summary: 'List my sessions',
    description: "The caller's open sessions: the browser and system the user agent names, the address, when each started and was last used.",
    access: 'signedIn',
    answer: { kind: 'json', status: 200, data: mySessionsAnswer, description: 'The sessions.' },
  },
  {
    ...operation('endMySession'),
    tag: 'session',
    summary: 'Sign out one of my sessions',
    description: `Ends one of the caller's other sessions: its access token is refused at its next request and it cannot refresh. A session of anyone else is not found (404). ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    params: sessionIdParams,
    answer: { kind: 'json', status: 200, data: null, description: 'Ended.' },
    errors: { 400: ['account.session.current'], 404: ['error.notFound'] },
    webHandles: webHandledKeys.endMySession,
    example: { params: { sessionId: 'x3Yq…' } },
  },
  {
    ...operation('endMyOtherSessions'),
    tag: 'session',
    summary: 'Sign out everywhere else',
    description: `Ends every session of the caller but this one. ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    answer: { kind: 'json', status: 200, data: endedSessionsAnswer, description: 'How many were ended.' },
    webHandles: webHandledKeys.endMyOtherSessions,
  },
  {
    ...operation('listMyPasskeys'),
    tag: 'session',
    summary: 'List my passkeys',
    description: "The caller's passkeys with when each was added and last used, and whether passkeys can be used at the portal's address.",
    access: 'signedIn',
    answer: { kind: 'json', status: 200, data: myPasskeysAnswer, description: 'The passkeys.' },
  },
  {
    ...operation('startPasskeyRegistration'),
    tag: 'session',
    summary: 'Start adding a passkey',
    description: `The options for the browser's \`navigator.credentials.create\`: user verification required, attestation \`none\`, the caller's passkeys excluded; their challenge serves once, within 5 minutes. ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    answer: { kind: 'json', status: 200, data: passkeyOptionsAnswer, description: 'The options.' },
    errors: { 409: ['account.passkey.unavailable', 'account.atIdentityService'] },
    webHandles: webHandledKeys.startPasskeyRegistration,
  },
  {
    ...operation('addPasskey'),
    tag: 'session',
    summary: 'Add a passkey',
    description: `The browser's answer to the options of \`POST /services/me/passkeys/options\`, checked and stored under the name given. ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    body: addPasskeySchema,
    fields: { name: 'What the user calls the passkey, up to 64 characters.', response: "The browser's answer (RegistrationResponseJSON)." },
    answer: { kind: 'json', status: 201, data: myPasskeySchema, description: 'Added.' },
    errors: { 400: ['account.passkey.notAccepted'], 409: ['account.passkey.unavailable', 'account.atIdentityService'] },
    webHandles: webHandledKeys.addPasskey,
    example: {
      body: {
        name: 'Work laptop',
        response: { id: 'AbC…', rawId: 'AbC…', type: 'public-key', response: { clientDataJSON: 'eyJ…', attestationObject: 'o2N…' } },
      },
    },
  },
  {
    ...operation('removePasskey'),
    tag: 'session',
    summary: 'Remove a passkey',
    description: `Removes one of the caller's passkeys, unless it is their last second step (no authenticator app and no other passkey: 400). Another user's passkey is not found (404). ${recentSignIn}`,
    access: 'signedIn',
    recentAuthentication: true,
    params: passkeyIdParams,
    answer: { kind: 'json', status: 200, data: null, description: 'Removed.' },
    errors: { 400: ['account.passkey.last'], 404: ['error.notFound'], 409: ['account.atIdentityService'] },
    webHandles: webHandledKeys.removePasskey,
    example: { params: { passkeyId: 'AbC…' } },
  },
] as const satisfies readonly ApiRoute[];
