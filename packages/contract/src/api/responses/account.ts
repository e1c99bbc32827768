import { z } from 'zod';
import { languages } from '../../languages';

/* What the signed-in user's own account answers (`/services/me/…`); see registrations.ts for why here. */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

/** `GET /services/me/account`: the account as the directory holds it. */
export const myAccountAnswer = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  language: z.enum(languages).nullable().meta({ description: 'The language the user chose, or null for none (English mails).' }),
  hasTotp: z.boolean(),
  /**
   * Where the password and the authenticator are changed: `portal` (the embedded identity service:
   * these routes), or `identityService` (Keycloak: its own pages, through an application-initiated action).
   */
  credentialsAt: z.enum(['portal', 'identityService']),
});
export type MyAccount = z.output<typeof myAccountAnswer>;

/** One of the caller's sessions: where and with what it was started, and when it was last used. */
export const mySessionSchema = z.object({
  id: z.string().meta({ description: 'The session id; `DELETE /services/me/sessions/{id}` ends it.' }),
  browser: z.string().nullable().meta({ description: 'The browser the user agent names (e.g. `Firefox 133`), or null when unknown.' }),
  os: z.string().nullable().meta({ description: 'The operating system the user agent names, or null when unknown.' }),
  address: z.string(),
  startedAt: timestamp,
  lastSeenAt: timestamp.meta({ description: 'ISO 8601, UTC; updated at most once a minute.' }),
  current: z.boolean().meta({ description: 'The session of this request.' }),
});
export type MySession = z.output<typeof mySessionSchema>;

/** `GET /services/me/sessions`: the caller's open sessions, the current one first, then the most recently used. */
export const mySessionsAnswer = z.object({ sessions: z.array(mySessionSchema) });
export type MySessionsResponse = z.output<typeof mySessionsAnswer>;

/** `DELETE /services/me/sessions`: how many other sessions were ended. */
export const endedSessionsAnswer = z.object({ ended: z.number().int() });
export type EndedSessionsResponse = z.output<typeof endedSessionsAnswer>;

/** One of the caller's passkeys. */
export const myPasskeySchema = z.object({
  id: z.string().meta({ description: 'The credential id (base64url); `DELETE /services/me/passkeys/{id}` removes it.' }),
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp
    .nullable()
    .meta({ description: 'ISO 8601, UTC; null until it is first used to sign in, and always with Keycloak, which keeps no last use.' }),
});
export type MyPasskey = z.output<typeof myPasskeySchema>;

/** `GET /services/me/passkeys`: the caller's passkeys, oldest first, and whether passkeys can be added here (with Keycloak, on its own page). */
export const myPasskeysAnswer = z.object({
  available: z.boolean().meta({ description: 'False when the portal cannot offer passkeys (see `unavailableReason`).' }),
  unavailableReason: z.enum(['ipAddress', 'identityService']).nullable().meta({
    description:
      "`ipAddress`: the portal's address is an IP address, which browsers refuse for passkeys; `identityService`: the identity service keeps them and the portal cannot show them (Keycloak's are shown).",
  }),
  passkeys: z.array(myPasskeySchema),
});
export type MyPasskeysResponse = z.output<typeof myPasskeysAnswer>;

/** `POST /services/me/passkeys/options`: the options for `navigator.credentials.create`, with a single-use challenge valid 5 minutes. */
export const passkeyOptionsAnswer = z.object({
  options: z.object({ challenge: z.string() }).catchall(z.unknown()).meta({ description: 'PublicKeyCredentialCreationOptionsJSON.' }),
});
export type PasskeyOptions = z.output<typeof passkeyOptionsAnswer>;

/** `POST /services/me/totp`: a new secret to add to the authenticator, then confirm with one of its codes. */
export const totpEnrolmentAnswer = z.object({
  secret: z.string().meta({ description: 'The new secret, base32, to type into an authenticator app.' }),
  otpauthUri: z.string().meta({ description: 'The same as an `otpauth://` URI.' }),
  qrDataUrl: z.string().meta({ description: 'That URI as a QR code, a `data:image/png` URL.' }),
  enrolment: z.string().meta({ description: 'Sent back with a code to `PUT /services/me/totp`; valid 10 minutes.' }),
});
export type TotpEnrolment = z.output<typeof totpEnrolmentAnswer>;
