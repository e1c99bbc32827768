import type { Message } from './envelope';

/**
 * Message keys with their English texts. The web translates the key (i18n, `{{param}}` interpolation);
 * the server sends the text in the caller's language as `defaultMessage` (English unless
 * `Accept-Language` names another of the portal's languages). Dutch, French and German are in
 * `message-texts/{nl,fr,de}.json`, loaded through `message-texts.ts`.
 */
export const messageTexts = {
  'validation.required': 'Please complete this mandatory field.',
  'validation.maxLength': 'Too many characters. The maximum length is {{max}}.',
  'validation.phone': 'This is an invalid phone number. Please check the content of this field.',
  'validation.email': 'This is an invalid email address.',
  'validation.url': 'This is an invalid URL.',
  'validation.pattern': 'Invalid characters found.',
  'validation.username': 'Only use alfanumerics, _ and -.',
  'validation.countryCode': 'Please choose a country from the list.',
  'validation.role': 'Only the roles SUPPORT, TECH and FINANCE can be given.',
  'validation.ipAddress': ' Invalid characters were used.',
  'validation.ipAddressDuplicate': ' This ipAddress already exists.',
  'validation.ipAddressTooMany': 'Too many IP addresses. The maximum is {{max}}.',
  'validation.eppPasswordWeak':
    'Password is not strong enough, use at least 14 characters with following special characters: numeric, uppercase, lowercase, special character and space.',
  'validation.passwordMismatch': 'Passwords do not match.',
  'validation.unknown': 'Unknown error',
  'search.domain.name.empty.input': 'Please enter a domain name to search for.',
  'search.domain.name.invalid': 'A domain name can only hold letters, digits, hyphens, dots and the * wildcard.',
  'search.filter.invalid': 'This filter value is not one of the choices.',
  'search.filter.date.invalid': 'Please enter a date as YYYY-MM-DD.',
  /** The same, on the web form's date fields, which take the portal's date style. */
  'search.filter.date.format': 'Please enter a date as YYYY/MM/DD.',
  'search.filter.expiryRange': 'The end of the expiry range must not be before its start.',
  'unsafe.password':
    'This password is not safe: it must not be a commonly used password, nor contain your registrar handle, a username, the word ‘registrar’ or the TLD, nor be the same as the current password.',
  'epp.password.wrong': 'The current password is not correct.',
  'epp.resetLink.invalid': 'This link is not valid for your account. Ask for a new link on the EPP security page.',
  'epp.resetLink.used': 'This link was already used. Ask for a new link on the EPP security page.',
  'epp.resetLink.expired': 'This link has expired: a link works for {{minutes}} minutes. Ask for a new link on the EPP security page.',
  'no.transfer.history': 'There is no transfer history for this domain.',
  // User management
  'users.usernameTaken': 'This username is already in use. Please choose another one.',
  'users.selfDelete': 'You cannot delete your own user.',
  'users.adminNotDeletable': 'An administrator cannot be deleted.',
  'users.adminRolesFixed': 'The roles of an administrator cannot be changed.',
  'users.adminTotpFixed': 'The 2-step verification of an administrator cannot be reset.',
  'users.alreadyActive': 'This user has already activated their account.',
  'users.activationMailFailed': 'The activation email could not be sent. Please try again later.',
  'users.activationByRegistry': 'The registry sends this user their activation email. Please ask the registry.',
  'users.disabled': 'This user is disabled. Enable them first.',
  'users.selfDisable': 'You cannot disable your own user.',
  'users.adminNotDisableable': 'An administrator cannot be disabled.',
  'users.adminAccessEndFixed': 'The access of an administrator cannot be limited.',
  'users.adminPasskeysFixed': 'The passkeys of an administrator cannot be removed.',
  'users.passkeyPolicy.unavailable': 'Passkeys cannot be required at this address of the portal.',
  'users.accessEnded': "This user's access has ended. Change or clear the access end date first.",
  'validation.accessEnd': 'Choose a date from today on, or none.',
  // The caller's own access end day has passed (server: plugins/auth.ts); the web shows it in place of the app.
  'access.ended': 'Your access to the registrar panel has ended. Please contact an administrator of your registrar.',
  // The identity service could not send a mail the user asked for (Keycloak sends its own).
  'identity.mailFailed': 'The email could not be sent. Please try again later.',
  // The registrar's status, as the registry sets it (the rule: registrar-status.ts).
  'registrar.suspended': 'Your registrar is suspended: the registry does not accept changes until it is active again.',
  'registrar.accessBlocked': "Your registrar's access to the registrar panel is blocked. Please contact the registry.",
  // Registrar: billing period query.
  'validation.billingYear': 'Choose a year of four digits.',
  'validation.billingMonth': 'Choose a month from 1 to 12.',
  // Registrar history filters.
  'validation.historyDate': 'Enter a date as YYYY-MM-DD.',
  'validation.historyDateRange': 'The end date cannot be before the start date.',
  'validation.historyPage': 'This page is further back than the history pages go. Narrow the filters or export as CSV.',
  // API keys (api-keys.ts `createApiKeySchema`; the server: modules/api-keys).
  'validation.apiKeyScopes': 'Choose at least one scope.',
  'validation.apiKeyScope': 'This scope is not one of the choices.',
  'validation.apiKeyScopeDuplicate': 'Each scope can be chosen only once.',
  'validation.apiKeyExpiry': 'Choose a day from today to at most one year (365 days) ahead.',
  'validation.apiKeyAddress': 'Enter an IPv4 or IPv6 address, or a CIDR range such as 192.0.2.0/24.',
  'validation.apiKeyAddressDuplicate': 'This address or range is already in the list.',
  'validation.apiKeyAddressEverywhere':
    'This range holds every address, so it restricts nothing. Leave the list empty for a key that may be used from anywhere.',
  'validation.apiKeyAddressesTooMany': 'Too many addresses. The maximum is {{max}}.',
  'apiKeys.nameTaken': 'Another active API key of your registrar has this name. Please choose another one.',
  'apiKeys.tooMany': 'Your registrar already has {{max}} active API keys, the most allowed. Revoke one before creating another.',
  // EPP client certificates (epp-certificates.ts; the server: modules/epp-certificates), each check on the `pem` field.
  'eppCertificate.notOneCertificate':
    'Give exactly one certificate in PEM form: one block from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----, without the chain.',
  'eppCertificate.unreadable': 'This is not a readable X.509 certificate. Check that the whole PEM block was copied.',
  'eppCertificate.privateKey':
    'This holds a private key. A private key must never leave your EPP client: upload the certificate alone. Nothing of what you sent was kept. If the key was shared by mistake, replace the key and its certificate.',
  'eppCertificate.expired': 'This certificate has expired ({{date}}). Upload a certificate that is valid today.',
  'eppCertificate.notYetValid': 'This certificate is not valid yet: it becomes valid on {{date}}. Upload it from that day on.',
  'eppCertificate.weakKey':
    'The key of this certificate is too weak ({{key}}). Use an RSA key of at least 2048 bits, or an ECDSA key on the curve P-256 or P-384.',
  'eppCertificate.weakSignature': 'This certificate is signed with {{algorithm}}. Only a signature with SHA-256 or stronger is accepted.',
  'eppCertificate.validityTooLong': 'This certificate is valid for {{days}} days. The registry accepts at most {{max}} days.',
  'eppCertificate.inOtherSlot': 'This certificate is already your other EPP client certificate. Upload a different certificate.',
  'eppCertificate.changed': 'This certificate was changed meanwhile by someone else. Reload the page to see it, then try again.',
  'error.unauthorized': 'Your session has ended. Please sign in again.',
  'error.forbidden': 'You are not allowed to do this.',
  // A change that lets someone take over another account needs a sign-in of the last minutes (plugins/recent-authentication.ts).
  'error.recentSignInRequired': 'For this change, confirm it is you: sign in again, then try once more.',
  'error.notFound': 'The requested item was not found.',
  'error.conflict': 'Someone else changed this data while you were editing it. Reload to see their changes, then apply yours again.',
  'error.badRequest': 'The request is not valid.',
  // Text PostgreSQL cannot hold (NUL) or that is not Unicode (a lone surrogate): refused before any query.
  'error.invalidCharacters': 'The request holds characters that cannot be saved (a NUL character or broken Unicode). Remove them and try again.',
  'error.tooManyRequests': 'Too many requests. Please wait a moment and try again.',
  'error.internal': 'An internal error occurred.',
  'validation.webhookUrl': 'Enter an address that starts with https:// (no user name or password in it).',
  'validation.webhookEvents': 'Choose at least one event.',
  'webhooks.httpsRequired': 'Webhooks are sent over HTTPS only: enter an address that starts with https://.',
  'webhooks.addressRefused': 'This address leads to a private, local or reserved network. Webhooks are only sent to public internet addresses.',
  'webhooks.tooMany': 'Your registrar already has {{max}} webhook endpoints, the most allowed. Delete one before adding another.',
  'validation.ruleTarget': 'Choose what the rule watches.',
  'validation.ruleRecipients': "Choose between 1 and {{max}} recipients among your registrar's users.",
  'rules.tooMany': 'Your registrar already has {{max}} notification rules, the most allowed. Delete one before adding another.',
  'rules.recipientUnknown': 'A recipient is not a user of your registrar.',
  'webhooks.eventGone': 'This event is older than the events kept and can no longer be sent.',
  // My account (the caller's own password, authenticator and sessions).
  'validation.accountPasswordLength': 'Use at least 12 characters.',
  'validation.totpCode': 'Enter the 6 digits your authenticator app shows.',
  'account.password.wrong': 'The current password is not correct.',
  'account.password.locked': 'Too many wrong passwords. Please try again in a few minutes.',
  'account.totp.wrongCode': 'This code is not correct. Enter the code your authenticator app shows now.',
  'account.totp.enrolmentExpired': 'This new secret has expired. Please start again.',
  'account.atIdentityService': "This is changed on the identity service's own page.",
  'account.session.current': 'This is the session you are using: use Logout to end it.',
  'account.passkey.notAccepted': 'The passkey was not added. Please try again.',
  'account.passkey.last': 'This is your only second step: add another passkey or an authenticator app before you remove it.',
  'account.passkey.unavailable': 'Passkeys cannot be used at this address of the portal.',
  // The registrations' past (registration-history.ts).
  'registrationHistory.moment.invalid': 'Please enter a date as YYYY-MM-DD, or a date and time with its offset.',
  'registrationHistory.range.order': 'The end of the period must be after its start.',
  'registrationHistory.beforeKnownPast': 'The portal knows the registrations’ past from {{date}} on. Choose a date from then on.',
  // Reconciliation (reconciliation.ts): the upload's refusals and the lines that could not be compared.
  'reconciliation.notCsv': 'Upload the file as CSV (text/csv), in UTF-8.',
  'reconciliation.tooLarge': 'This file is larger than {{max}} MB, the largest file a reconciliation takes. Split it and upload each part.',
  'reconciliation.running': 'A reconciliation of your registrar is already running. Wait until it has finished, then upload again.',
  'reconciliation.empty': 'This file is empty: it needs a header line and one line per domain name.',
  'reconciliation.header.noName':
    'The first line must be a header with a column named name (or domain); the other columns are optional: expiry date, name servers, registrant, DS.',
  'reconciliation.header.encoding': 'The header line is not UTF-8 text. Save the file as CSV UTF-8 and upload it again.',
  'reconciliation.failed': 'The reconciliation stopped before its end. Please upload the file again.',
  'reconciliation.line.encoding': 'This line is not UTF-8 text.',
  'reconciliation.line.tooLong': 'This line is longer than {{max}} bytes.',
  'reconciliation.line.fieldCount': 'This line has another number of columns than the header.',
  'reconciliation.line.quotes': 'A quoted value on this line is not closed, or text follows its closing quote.',
  'reconciliation.line.name': 'This is not a domain name.',
  'reconciliation.line.expiry': 'The expiry date is not a date (YYYY-MM-DD or DD/MM/YYYY).',
  'reconciliation.line.nameServers': 'A name server is not a host name.',
  'reconciliation.line.ds': 'A DS record is not four values: key tag, algorithm, digest type and digest in hexadecimal.',
  'reconciliation.line.registrant': 'The registrant handle is too long or holds spaces.',
  'reconciliation.line.duplicate': 'This domain name is already on an earlier line.',
} as const;
export type MessageKey = keyof typeof messageTexts;
/** One language's text for every message key. */
export type MessageTexts = Readonly<Record<MessageKey, string>>;

function interpolate(text: string, params: Record<string, string | number> | undefined): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}

/** Builds a message with its English text for a known key. */
export function message(messageKey: MessageKey, options: { field?: string; params?: Record<string, string | number> } = {}): Message {
  return {
    messageKey,
    defaultMessage: interpolate(messageTexts[messageKey], options.params),
    ...(options.field === undefined ? {} : { field: options.field }),
    ...(options.params === undefined ? {} : { params: options.params }),
  };
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messageTexts, key);
}

/**
 * The same message with its `defaultMessage` from another language's texts, its `params` filled in;
 * `messageKey`, `field` and `params` stay as they are. A key the texts do not know keeps its text.
 */
export function messageIn(texts: MessageTexts, original: Message): Message {
  if (!isMessageKey(original.messageKey)) return original;
  return { ...original, defaultMessage: interpolate(texts[original.messageKey], original.params) };
}
