import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { languages, type AbuseContact, type MainContact, type PublicContact, type WhoisContact } from '@registrar-panel/contract';

/*
 * The whole product's schema. Names (handles, domain labels, usernames) are declared COLLATE "C"
 * so that sorting and index use agree on every cluster, whatever its default collation.
 */

const textC = customType<{ data: string }>({
  dataType: () => 'text COLLATE "C"',
});
const name = (column: string) => textC(column);
const cText = (column: string) => textC(column).notNull();
const at = (column: string) => timestamp(column, { withTimezone: true, mode: 'date' });

/** A language column holds one of the portal's four (contract `languages`), whoever writes it. */
const languageList = sql.raw(languages.map((language) => `'${language}'`).join(', '));
const languageCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} IN (${languageList})`);

export const registrars = pgTable(
  'registrars',
  {
    handle: cText('handle').primaryKey(),
    ianaId: integer('iana_id'),
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    activatedAt: at('activated_at'),
    mainContact: jsonb('main_contact').$type<MainContact>().notNull(),
    publicContact: jsonb('public_contact').$type<PublicContact>().notNull(),
    techContact: jsonb('tech_contact').$type<WhoisContact>().notNull(),
    adminContact: jsonb('admin_contact').$type<WhoisContact>().notNull(),
    abuseContact: jsonb('abuse_contact').$type<AbuseContact>().notNull(),
    /** Bumped by every saved edit of the contacts, for optimistic concurrency. */
    version: integer('version').notNull().default(1),
    eppPasswordHash: text('epp_password_hash'),
    eppPasswordChangedAt: at('epp_password_changed_at'),
    /** Who set the EPP password last (a username); null when the feed or the seed set it. */
    eppPasswordChangedBy: name('epp_password_changed_by'),
    /** Claimed by the EPP password age job when it mails; cleared by every change of the password. */
    eppPasswordAgeNoticeAt: at('epp_password_age_notice_at'),
    protectedTxThreshold: integer('protected_tx_threshold').notNull().default(0),
    protectedTxCount: integer('protected_tx_count').notNull().default(0),
    protectedTxPeriodEnd: at('protected_tx_period_end'),
    /** The language of mails to the registrar's addresses that are no users (its WHOIS contacts); an ADMIN sets it. */
    language: text('language').notNull().default('en'),
    /**
     * An ADMIN requires passkeys of the registrar's users (embedded identity service): a user without
     * one adds one at their next sign-in, and the one-time code is no fallback for one who has one.
     */
    passkeysRequired: boolean('passkeys_required').notNull().default(false),
  },
  (t) => [languageCheck('registrars_language_check', t.language)],
);

export const eppIpAddresses = pgTable(
  'epp_ip_addresses',
  {
    registrarHandle: cText('registrar_handle').references(() => registrars.handle, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.registrarHandle, t.ip] })],
);

/** Registry contacts (registrants, admin and tech contacts of domains). */
export const contacts = pgTable(
  'contacts',
  {
    handle: cText('handle').primaryKey(),
    roid: text('roid').notNull(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle),
    name: text('name'),
    organization: text('organization'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    emailUnicode: text('email_unicode'),
    street: text('street'),
    street2: text('street2'),
    street3: text('street3'),
    postalCode: text('postal_code'),
    city: text('city'),
    region: text('region'),
    countryCode: text('country_code'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('contacts_registrar_idx').on(t.registrarHandle)],
);

export const domains = pgTable(
  'domains',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uLabel: cText('u_label'),
    aLabel: cText('a_label'),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle),
    registrantHandle: name('registrant_handle').references(() => contacts.handle),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    expiresAt: at('expires_at'),
    expectedAvailableAt: at('expected_available_at'),
    deletedAt: at('deleted_at'),
    transferredAt: at('transferred_at'),
    stateExpiresAt: at('state_expires_at'),
    rgpStatus: text('rgp_status'),
  },
  (t) => [
    uniqueIndex('domains_u_label_idx').on(t.uLabel),
    uniqueIndex('domains_a_label_idx').on(t.aLabel),
    // The registrar's names in order: the domain report reads them (registration search has its own
    // table, domain_names).
    index('domains_registrar_u_label_idx').on(t.registrarHandle, t.uLabel, t.id),
    index('domains_registrant_idx').on(t.registrantHandle),
  ],
);

/**
 * What registration search reads: one narrow row per domain, kept in step with `domains` by statement
 * triggers (migration 0009, which replaced 0004's row triggers) and stored in registrar and name order, so that a registrar's names sit together
 * on few pages. `domain_name_tokens(registrar, name)` (SQL, same migration) lists the registrar-scoped
 * pieces of a name that the search looks up: `acme:` for every name, then every 1, 2 and 3 character
 * substring (`acme:b`, `acme:ba`, `acme:bak`...).
 */
export const domainNames = pgTable(
  'domain_names',
  {
    // No foreign key: the triggers on domains delete these rows with the registration, in one
    // statement per batch, where a cascade would run a statement per row.
    domainId: bigint('domain_id', { mode: 'number' }).primaryKey(),
    registrarHandle: cText('registrar_handle'),
    uLabel: cText('u_label'),
    aLabel: cText('a_label'),
    /** `coalesce(transferred_at, created_at)`: since when the registrar sponsors the domain. */
    sponsoredSince: at('sponsored_since').notNull(),
  },
  (t) => [
    // Ordered reads (prefixes, broad terms, pages) answered from the index alone.
    index('domain_names_registrar_u_label_idx').on(t.registrarHandle, t.uLabel, t.domainId, t.sponsoredSince),
    index('domain_names_registrar_a_label_idx').on(t.registrarHandle, t.aLabel, t.domainId, t.sponsoredSince),
    // Is anything new since a search's checkpoint?
    index('domain_names_registrar_sponsored_idx').on(t.registrarHandle, t.sponsoredSince),
    // Infix and suffix searches: each key is one registrar's piece, so a lookup reads only that
    // registrar's matches, however common the piece is elsewhere.
    index('domain_names_tokens_idx').using('gin', sql`domain_name_tokens(${t.registrarHandle}, ${t.uLabel})`),
  ],
);

/** How many of a registrar's names hold each token (trigger-maintained; no row when none): exact counts for short terms. */
export const domainNameTokenCounts = pgTable('domain_name_token_counts', {
  token: cText('token').primaryKey(),
  names: integer('names').notNull(),
});

/**
 * What a registration is counted and filtered by (migration 0010): one row per domain, kept in step
 * with `domains` and `domain_statuses` by statement triggers. `lifecycle` and `labels` are the
 * contract's `lifecycleStatus` and `labelsOf` computed in SQL (`registration_lifecycle`,
 * `registration_labels`); `labels` is a bit set, bit n being `registrationLabels[n]`.
 */
export const domainFacets = pgTable(
  'domain_facets',
  {
    domainId: bigint('domain_id', { mode: 'number' }).primaryKey(),
    registrarHandle: cText('registrar_handle'),
    uLabel: cText('u_label'),
    aLabel: cText('a_label'),
    /** `coalesce(transferred_at, created_at)`, as in `domain_names`: a search's checkpoint. */
    sponsoredSince: at('sponsored_since').notNull(),
    lifecycle: cText('lifecycle'),
    labels: integer('labels').notNull(),
    /** The grace period state; none outside one (filtered and counted as `NONE`). */
    rgpStatus: name('rgp_status'),
    /** An `xn--` label in the A-label. */
    idn: boolean('idn').notNull(),
    /** The expiry's day in Brussels. */
    expiresOn: date('expires_on', { mode: 'string' }),
    registrantHandle: name('registrant_handle'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at'),
  },
  (t) => [
    // Filtered reads in name order, their counts and pages, answered from the index alone.
    index('domain_facets_registrar_u_label_idx').on(
      t.registrarHandle,
      t.uLabel,
      t.domainId,
      t.sponsoredSince,
      t.lifecycle,
      t.labels,
      t.rgpStatus,
      t.idn,
      t.expiresOn,
      t.registrantHandle,
    ),
    // The name's 3-character pieces `{registrar}:{piece}` and the facet keys `{registrar}::s:{lifecycle}`, `::l:{label}`,
    // `::g:{rgp or NONE}`, `::i`, `::c:{registrant}` in one index: a rare facet, a rare piece, or both (migration 0014).
    index('domain_facets_search_tokens_idx').using(
      'gin',
      sql`domain_facet_search_tokens(${t.registrarHandle}, ${t.uLabel}, ${t.lifecycle}, ${t.labels}, ${t.rgpStatus}, ${t.idn}, ${t.registrantHandle})`,
    ),
    index('domain_facets_registrar_expiry_idx').on(t.registrarHandle, t.expiresOn),
  ],
);

/**
 * How many of a registrar's registrations hold each facet key (trigger-maintained; no row when none):
 * `''` every registration, `s:{lifecycle}`, `l:{label}`, `g:{rgp or NONE}`, `i` IDNs.
 */
export const registrarFacetCounts = pgTable(
  'registrar_facet_counts',
  {
    registrarHandle: cText('registrar_handle'),
    facet: cText('facet'),
    registrations: integer('registrations').notNull(),
  },
  (t) => [primaryKey({ name: 'registrar_facet_counts_pk', columns: [t.registrarHandle, t.facet] })],
);

/** How many of a registrar's registrations expire on each Brussels day (trigger-maintained; no row when none). */
export const registrarExpiryCounts = pgTable(
  'registrar_expiry_counts',
  {
    registrarHandle: cText('registrar_handle'),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    registrations: integer('registrations').notNull(),
  },
  (t) => [primaryKey({ name: 'registrar_expiry_counts_pk', columns: [t.registrarHandle, t.expiresOn] })],
);

/**
 * Registrations whose facets a transaction deferred (migration 0010, `registrar_panel.defer_facets`):
 * noted by the triggers, refreshed once by `domain_facets_refresh_deferred()` (UNLOGGED; rows never
 * outlive their transaction).
 */
export const domainFacetsPending = pgTable(
  'domain_facets_pending',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    domainId: bigint('domain_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'domain_facets_pending_pk', columns: [t.transactionId, t.domainId] })],
);

export const domainStatuses = pgTable(
  'domain_statuses',
  {
    domainId: bigint('domain_id', { mode: 'number' })
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.status] })],
);

export const domainContacts = pgTable(
  'domain_contacts',
  {
    domainId: bigint('domain_id', { mode: 'number' })
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    contactHandle: cText('contact_handle').references(() => contacts.handle),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.role, t.contactHandle] }), index('domain_contacts_contact_idx').on(t.contactHandle)],
);

export const nameservers = pgTable(
  'nameservers',
  {
    domainId: bigint('domain_id', { mode: 'number' })
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    name: cText('name'),
    nameUnicode: text('name_unicode').notNull(),
    ipAddresses: text('ip_addresses')
      .array()
      .notNull()
      .default(sql`'{}'`),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.name] })],
);

/** DNSSEC DS records; algorithm and digest type descriptions come from the IANA tables in code. */
export const delegationSigners = pgTable(
  'delegation_signers',
  {
    domainId: bigint('domain_id', { mode: 'number' })
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    keyTag: integer('key_tag').notNull(),
    algorithm: integer('algorithm').notNull(),
    digestType: integer('digest_type').notNull(),
    digest: text('digest').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.keyTag, t.digestType] })],
);

export const transfers = pgTable(
  'transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    domainId: bigint('domain_id', { mode: 'number' })
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    gainingRegistrarHandle: cText('gaining_registrar_handle'),
    losingRegistrarHandle: cText('losing_registrar_handle'),
    requestedAt: at('requested_at').notNull(),
    actedAt: at('acted_at'),
  },
  (t) => [index('transfers_domain_idx').on(t.domainId, t.requestedAt)],
);

export const billingEvents = pgTable(
  'billing_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle),
    eventAt: at('event_at').notNull(),
    eventType: text('event_type').notNull(),
    eventSubtype: text('event_subtype').notNull(),
    /** Registration period in years, when the event has one. */
    period: integer('period'),
    subject: text('subject').notNull(),
    svTrid: text('sv_trid').notNull(),
  },
  (t) => [index('billing_events_registrar_time_idx').on(t.registrarHandle, t.eventAt)],
);

/** The user directory of the embedded identity service; user management reads and writes it. */
export const users = pgTable(
  'users',
  {
    /** `name@{registrarHandle}`, as created; unique in any letter case (the index below). */
    username: cText('username').primaryKey(),
    /**
     * The OpenID subject: sessions, grants and tokens name the account by it, so a username deleted
     * and created again for another person is a new account that no earlier session reaches.
     */
    id: uuid('id').notNull().defaultRandom().unique(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle),
    name: text('name').notNull(),
    email: text('email').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    passwordHash: text('password_hash'),
    /** AES-GCM encrypted with the configured key; never leaves the server. */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    /** The last accepted TOTP time step, so a code is accepted once only. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    state: text('state').notNull().default('awaiting_activation'),
    /** Set while the user may not sign in (an ADMIN disabled them, or their access ended); `state` is kept. */
    disabledAt: at('disabled_at'),
    /** The last day, in Brussels, the user may sign in (`YYYY-MM-DD`); none: no end. */
    accessEnd: date('access_end', { mode: 'string' }),
    /** The language the user chose (`en`, `nl`, `fr`, `de`); none: they never chose (mails in English). */
    language: text('language'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_registrar_idx').on(t.registrarHandle),
    languageCheck('users_language_check', t.language),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_access_end_idx')
      .on(t.accessEnd)
      .where(sql`${t.accessEnd} IS NOT NULL AND ${t.disabledAt} IS NULL`),
  ],
);

/**
 * The sign-in lockout of an account name in its canonical form (lower case), known or not: an
 * unknown username is counted and locked exactly like a real one, so a burst tells nothing.
 * Counted per address the failures come from (`source`), so that one address cannot keep the
 * account locked for its owner elsewhere, and for the account from everywhere (`source` '*'),
 * with a higher threshold, against guesses spread over many addresses. One statement per count
 * (identity/sign-in/lockout.repository.ts).
 */
export const signInLockouts = pgTable(
  'sign_in_lockouts',
  {
    account: cText('account'),
    source: cText('source'),
    failedAttempts: integer('failed_attempts').notNull(),
    lockedUntil: at('locked_until'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.source] })],
);

/** Single-use links mailed for activation and password reset; only a hash of the token is kept. */
export const userTokens = pgTable('user_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  username: cText('username').references(() => users.username, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Every sign-in attempt, successful or not; unknown usernames are kept too. Partitioned by month on
 * `at` (migration 0025, db/monthly-partitions.ts), so `at` is part of the primary key; nothing
 * references an attempt. Read through `signInTrail` while the rows of before 0025 are copied in.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    username: cText('username'),
    at: at('at').notNull().defaultNow(),
    ip: text('ip'),
    outcome: text('outcome').notNull(),
    /** Keycloak mode: the session whose first API request this sign-in was recorded from (once per session). */
    sessionId: text('session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('sign_in_attempts_user_idx').on(t.username, t.at),
    index('sign_in_attempts_at_idx').on(t.at),
    // The registrar's history: its sign-ins by the username's suffix (migration 0011; modules/history).
    index('sign_in_attempts_registrar_idx').on(sql`lower(substring(${t.username} from '@([^@]*)$'))`, t.at),
    // Not unique: a partitioned table's unique index must hold `at`. Once per session is kept by a lock
    // on the session id (modules/history/history.repository.ts `insertSessionSignIn`).
    index('sign_in_attempts_session_idx')
      .on(t.sessionId)
      .where(sql`${t.sessionId} IS NOT NULL`),
  ],
);

/**
 * How far the registry data feed has got (feed/importer.ts): the sequence number of the last change
 * applied, written in the same transaction as the batch that applied it.
 */
export const feedPosition = pgTable('feed_position', {
  stream: text('stream').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The keys a snapshot being applied to a non-empty database has listed so far: at the snapshot's end
 * everything else is deleted. Kept in the database, so a snapshot resumed after a crash still knows them.
 */
export const feedSnapshotKeys = pgTable(
  'feed_snapshot_keys',
  {
    type: text('type').notNull(),
    key: textC('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.key] })],
);

/**
 * Changes made in the portal that the registry's systems must learn (the outgoing stream of
 * docs/registry-feed.md): registrar contacts, EPP addresses, the EPP password's hash. Written in the
 * transaction of the change; `seq` orders them and is what the registry acknowledges as `portalSeq`.
 */
export const portalChanges = pgTable(
  'portal_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle),
    field: text('field').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    username: cText('username'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('portal_changes_registrar_idx').on(t.registrarHandle, t.seq)],
);

/**
 * Who changed what, when and from where. Partitioned by month on `at` (migration 0025,
 * db/monthly-partitions.ts), so `at` is part of the primary key; nothing references an entry.
 * Read through `auditTrail` while the rows of before 0025 are copied in.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    registrarHandle: cText('registrar_handle'),
    username: cText('username'),
    at: at('at').notNull().defaultNow(),
    ip: text('ip'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('audit_events_registrar_idx').on(t.registrarHandle, t.at),
    index('audit_events_registrar_action_idx').on(t.registrarHandle, t.action, t.at),
    index('audit_events_user_idx').on(t.username, t.at),
    index('audit_events_at_idx').on(t.at),
  ],
);

/**
 * The copies of the tables that became partitioned (migration 0025) from their earlier, unpartitioned
 * selves (`<table>_legacy`), one row per table: the last old id copied, the old table's last id, and
 * when every month's count and checksum were found equal (db/partition-copy.ts). Until then the
 * `*_trail` views read the old rows not yet copied as well.
 */
export const partitionCopies = pgTable('partition_copies', {
  tableName: text('table_name').primaryKey(),
  legacyTable: text('legacy_table').notNull(),
  copiedTo: bigint('copied_to', { mode: 'number' }).notNull(),
  lastLegacyId: bigint('last_legacy_id', { mode: 'number' }).notNull(),
  batches: integer('batches').notNull().default(0),
  startedAt: at('started_at'),
  verifiedAt: at('verified_at'),
  /** The months whose count or checksum differed at the last comparison, as `YYYY-MM`. */
  mismatches: jsonb('mismatches').$type<string[]>().notNull().default([]),
});

/**
 * The audit trail as the reads see it: the partitioned table, and while the copy of migration 0025
 * is not verified, the old rows not yet copied (a view written by hand in 0025; drizzle-kit leaves it).
 */
export const auditTrail = pgView('audit_trail', {
  id: bigint('id', { mode: 'number' }).notNull(),
  registrarHandle: cText('registrar_handle'),
  username: cText('username'),
  at: at('at').notNull(),
  ip: text('ip'),
  action: text('action').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
}).existing();

/** The sign-in attempts as the reads see them, like `auditTrail`. */
export const signInTrail = pgView('sign_in_trail', {
  id: bigint('id', { mode: 'number' }).notNull(),
  username: cText('username'),
  at: at('at').notNull(),
  ip: text('ip'),
  outcome: text('outcome').notNull(),
  sessionId: text('session_id'),
}).existing();

/**
 * The demo's mailbox: where the mail relay delivers when no SMTP server is configured (demo mode
 * shows it at /dev/mail). Mail waiting to be sent is in the job queue (jobs/job-queue.ts), not here.
 */
export const demoMailbox = pgTable('demo_mailbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Storage of the embedded OpenID provider (sessions, grants, codes, refresh tokens). */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: at('expires_at'),
    consumed: boolean('consumed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** Signing keys of the embedded identity service, kept so tokens survive a restart. */
export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * A registrar's API keys (migration 0013; modules/api-keys/). Only a hash of the key is
 * kept; revoked and expired keys stay listed. `expiryNoticeSentAt` is claimed by the expiry-notice job.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** The public id, `rpk_<id>` to the registrar; random. */
    id: cText('id').primaryKey(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle),
    name: text('name').notNull(),
    /** SHA-256 of the whole key, hex. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    allowedAddresses: text('allowed_addresses')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The last day, in Brussels, the key works (`YYYY-MM-DD`). */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: cText('created_by'),
    lastUsedAt: at('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: at('revoked_at'),
    revokedBy: name('revoked_by'),
    expiryNoticeSentAt: at('expiry_notice_sent_at'),
  },
  (t) => [
    index('api_keys_registrar_idx').on(t.registrarHandle, t.createdAt),
    index('api_keys_expiry_notice_idx')
      .on(t.expiresOn)
      .where(sql`${t.revokedAt} IS NULL AND ${t.expiryNoticeSentAt} IS NULL`),
  ],
);

/**
 * A panel user's latest e-mail change, in either identity mode: for a while after it
 * (identity/directory/email-change.ts) reset links and security notices go to the previous
 * address too, so that an ADMIN cannot take the account over without its owner hearing of it.
 */
export const userEmailChanges = pgTable('user_email_changes', {
  /** The account's subject id (embedded `users.id`, or Keycloak's user id): an account created again under the name is another. */
  accountId: cText('account_id').primaryKey(),
  previousEmail: text('previous_email').notNull(),
  changedAt: at('changed_at').notNull(),
});

/**
 * A registrar's EPP client certificates (migration 0018; modules/epp-security/): at most one per slot,
 * `primary` and `failover`, both accepted by the registry's EPP server so a registrar rolls over without
 * downtime. `id` is new at every upload, so a reminder claimed for a replaced certificate finds nothing.
 * `reminderDays` is the smallest reminder threshold (30, 7, 1, 0 days before expiry) already mailed.
 */
export const eppClientCertificates = pgTable(
  'epp_client_certificates',
  {
    id: uuid('id').notNull().defaultRandom().unique(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    pem: text('pem').notNull(),
    /** SHA-256 of the DER, lower-case hex without separators. */
    fingerprint: text('fingerprint').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serial: text('serial').notNull(),
    keyType: text('key_type').notNull(),
    /** Bits of an RSA modulus, or of the curve (256, 384). */
    keySize: integer('key_size').notNull(),
    signatureAlgorithm: text('signature_algorithm').notNull(),
    notBefore: at('not_before').notNull(),
    notAfter: at('not_after').notNull(),
    uploadedBy: cText('uploaded_by'),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
    reminderDays: integer('reminder_days'),
  },
  (t) => [
    primaryKey({ columns: [t.registrarHandle, t.slot] }),
    // A certificate is in one slot of a registrar at a time (also under parallel uploads).
    uniqueIndex('epp_client_certificates_fingerprint_idx').on(t.registrarHandle, t.fingerprint),
    index('epp_client_certificates_not_after_idx').on(t.notAfter),
    check('epp_client_certificates_slot_check', sql`${t.slot} IN ('primary', 'failover')`),
  ],
);

/**
 * Single-use links to set a registrar's EPP password without the current one (modules/epp/epp-password-reset.service.ts):
 * mailed to its ADMIN users, valid for a signed-in ADMIN of that registrar only. Only a hash is kept.
 */
export const eppPasswordResetLinks = pgTable(
  'epp_password_reset_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle, { onDelete: 'cascade' }),
    requestedBy: cText('requested_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('epp_password_reset_links_registrar_idx').on(t.registrarHandle, t.createdAt)],
);

/**
 * Connections to the registry's EPP server, from the registry data feed (`eppConnection` lines). Only
 * grows: partitioned by month on `at` in migration 0018 (drizzle-kit cannot say so; the table here is
 * for typed reads), its partitions made ahead and dropped past retention by db/monthly-partitions.ts.
 * `id` is the feed's event id; the partition key has to be part of the primary key.
 */
export const eppConnectionEvents = pgTable(
  'epp_connection_events',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    registrarHandle: cText('registrar_handle'),
    address: text('address').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    fingerprint: text('fingerprint'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('epp_connection_events_registrar_idx').on(t.registrarHandle, t.outcome, t.at),
    // An address's last success is one index lookup, also for an address that is only ever refused (migration 0019).
    index('epp_connection_events_address_outcome_idx').on(t.registrarHandle, t.address, t.outcome, t.at),
    check('epp_connection_events_outcome_check', sql`${t.outcome} IN ('success', 'refused')`),
  ],
);

/**
 * Connections per registrar, Brussels day, outcome and certificate presented: kept by the importer in
 * the batch that adds the events, so the Security page's 30-day chart never counts the events themselves.
 */
export const eppConnectionDays = pgTable(
  'epp_connection_days',
  {
    registrarHandle: cText('registrar_handle'),
    day: date('day', { mode: 'string' }).notNull(),
    outcome: text('outcome').notNull(),
    /** The fingerprint presented, '' for none. */
    fingerprint: text('fingerprint').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.registrarHandle, t.day, t.outcome, t.fingerprint] })],
);

/**
 * Each registrar's last event number (migration 0020; modules/events/): an event's writer takes the
 * next with `UPDATE … SET last_seq = last_seq + 1 RETURNING`, in the change's transaction, whose row
 * lock holds the registrar's next writer until it ends, so events become visible in `seq` order and
 * a reader's cursor never passes one still to commit.
 */
export const eventSequences = pgTable('event_sequences', {
  // No reference to registrars: the audit trail, which writes it, names a registrar by handle only.
  registrarHandle: cText('registrar_handle').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/**
 * The registrar's event stream (`GET /services/events`, and what webhooks deliver). Only grows:
 * partitioned by month on `at` in migration 0020 (drizzle-kit cannot say so), partitions made ahead
 * and dropped past retention by db/monthly-partitions.ts. `id` is the `webhook-id` of its deliveries.
 */
export const events = pgTable(
  'events',
  {
    registrarHandle: cText('registrar_handle'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: at('at').notNull().defaultNow(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    actor: name('actor'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.registrarHandle, t.seq, t.at] })],
);

/**
 * A registrar's webhook endpoints (modules/webhooks/). The secrets are AES-256-GCM encrypted like
 * the TOTP secrets; the previous one signs too until `previousSecretUntil`. `cursorSeq` is the last
 * event handled (delivered or given up on); the delivery worker holds the row (FOR UPDATE SKIP
 * LOCKED) while it sends, so one delivery per endpoint is in flight and order is kept.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventKinds: text('event_kinds').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: at('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Since when it may be counted as failing: its creation, or its last enabling. */
    enabledSince: at('enabled_since').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: cText('created_by'),
    cursorSeq: bigint('cursor_seq', { mode: 'number' }).notNull(),
    /** Attempts made at the event after the cursor. */
    attempts: integer('attempts').notNull().default(0),
    failingSince: at('failing_since'),
    nextAttemptAt: at('next_attempt_at'),
    lastSuccessAt: at('last_success_at'),
  },
  (t) => [
    index('webhook_endpoints_registrar_idx').on(t.registrarHandle, t.createdAt),
    check('webhook_endpoints_disabled_reason_check', sql`${t.disabledReason} IN ('manual', 'failing')`),
  ],
);

/**
 * The delivery log: one row per attempt (modules/webhooks/). Only grows: partitioned by month on
 * `at` in migration 0020, dropped past retention (30 days unless configured). `eventSeq` is null
 * for a test event; the event itself stays in `events` (90 days), which a Redeliver reads.
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: at('at').notNull().defaultNow(),
    endpointId: uuid('endpoint_id').notNull(),
    registrarHandle: cText('registrar_handle'),
    messageId: text('message_id').notNull(),
    eventKind: text('event_kind').notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }),
    attempt: integer('attempt').notNull(),
    trigger: text('trigger').notNull(),
    outcome: text('outcome').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.at] }), index('webhook_attempts_endpoint_idx').on(t.endpointId, t.at)],
);

/**
 * Each signed-in session as "My account" shows it (migration 0021; modules/account/): the
 * token's session id (`sid`: the embedded provider's session uid, or Keycloak's session id), the
 * user agent and address of its first API request, and when it was last used (written at most once
 * a minute). `endedAt` marks a session the user ended: its tokens are refused until they expire.
 * Rows go with the session's maximum life (plugins: the account's session tracker sweeps them), so
 * the table holds about one row per open session.
 */
export const accountSessions = pgTable(
  'account_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    username: cText('username'),
    registrarHandle: cText('registrar_handle'),
    userAgent: text('user_agent').notNull(),
    address: text('address').notNull(),
    startedAt: at('started_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [index('account_sessions_user_idx').on(t.username, t.lastSeenAt), index('account_sessions_started_idx').on(t.startedAt)],
);

/**
 * The registry's messages to registrars (the feed's `message` lines, feed/registry-messages.ts):
 * `registrarHandle` null is an announcement to all. Only grows: partitioned by month on `at` in
 * migration 0022 (drizzle-kit cannot say so), partitions made ahead and dropped past retention by
 * db/monthly-partitions.ts; `id` is the registry's, so a removal deletes by id across partitions.
 */
export const registryMessages = pgTable(
  'registry_messages',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    registrarHandle: name('registrar_handle'),
    kind: text('kind').notNull(),
    /** The registration concerned (its name in Unicode), none for an announcement. */
    domainName: name('domain_name'),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    // The inbox, newest first, and the bell's count: one range of this index per registrar (and one for announcements to all).
    index('registry_messages_registrar_idx').on(t.registrarHandle, t.at.desc(), t.id.desc()),
    index('registry_messages_id_idx').on(t.id),
  ],
);

/**
 * What a user has read or dismissed of the registry's messages: a row per user and message read
 * (the bell counts the user's visible messages with no row, `registry_messages_registrar_idx` and this key answering it).
 * `dismissedAt` is set when the user dismissed an announcement (it stays unpinned). Rows of a message
 * removed go with it; those of messages past retention are deleted by the retention job.
 */
export const registryMessageReads = pgTable(
  'registry_message_reads',
  {
    // By username as the sessions are (account_sessions): the same with the embedded sign-in and with Keycloak.
    username: cText('username'),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    messageAt: at('message_at').notNull(),
    readAt: at('read_at').notNull().defaultNow(),
    dismissedAt: at('dismissed_at'),
  },
  (t) => [primaryKey({ columns: [t.username, t.messageId] }), index('registry_message_reads_message_idx').on(t.messageId)],
);

/**
 * The passkeys (WebAuthn credentials) of the embedded identity service's users (migration 0023;
 * identity/passkeys/): the credential id and COSE public key as the authenticator gave them
 * (base64url), the signature counter last seen, the transports the browser reported (a hint for the
 * next sign-in), the name the user gave it, when it was added and last used.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    credentialId: text('credential_id').primaryKey(),
    username: cText('username').references(() => users.username, { onDelete: 'cascade', onUpdate: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'`),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.username, t.createdAt)],
);

/**
 * WebAuthn challenges between the options the server gave and the browser's answer: each is taken
 * once (deleted as it is used, in the statement that checks it) and only before it expires, so an
 * answer cannot be replayed and a challenge not reused. `purpose` keeps a sign-in's challenge from
 * serving a registration and the other way round. Expired rows are swept as new ones are made.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    username: cText('username').references(() => users.username, { onDelete: 'cascade', onUpdate: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('passkey_challenges_expiry_idx').on(t.expiresAt), check('passkey_challenges_purpose_check', sql`${t.purpose} in ('register', 'authenticate')`)],
);

/**
 * The personal-data log (issue 34, modules/personal-data-log/): one row per answer of a route whose
 * table entry is marked `personalData`: who (a user, or an API key by its name), when, from which
 * address, the operation and its parameters, the rows answered, and the contact handles shown by the
 * views of one registration or contact. Only grows: partitioned by month on `at` (migration 0024, by
 * hand), its months dropped after two years unless configured. Read in the history by ADMIN users only.
 */
export const personalDataReads = pgTable(
  'personal_data_reads',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    registrarHandle: cText('registrar_handle'),
    username: name('username'),
    ip: text('ip'),
    operation: text('operation').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    rows: integer('rows').notNull(),
    handles: text('handles').array(),
  },
  (t) => [primaryKey({ columns: [t.id, t.at] }), index('personal_data_reads_registrar_idx').on(t.registrarHandle, t.at.desc(), t.id.desc())],
);

const walPosition = customType<{ data: string }>({ dataType: () => 'pg_lsn' });

/**
 * Read-your-writes with replicas (db/read-replicas.ts): each reader's last write, as the primary's
 * WAL insert position just after it. A reader's lag-tolerant reads go to a replica only once it has
 * replayed this far. One row per user or API key, overwritten: the table does not grow with use.
 */
export const readFences = pgTable('read_fences', {
  reader: text('reader').primaryKey(),
  lsn: walPosition('lsn').notNull(),
  writtenAt: at('written_at').notNull().defaultNow(),
});

/**
 * The change record (issue 32; feed/change-record.ts): one row per registration a feed batch changed,
 * written in the batch's transaction, with the changed fields' values before and after (`before` and
 * `after` hold only the fields that differ; all of them for a registration created or deleted).
 * Notification rules read it per batch, the registrations' history (issue 34) builds versions from it.
 * `feedSeq` is the batch's last line: a batch writes a registration once, and a batch that did not
 * commit wrote nothing, so a resumed run never writes a row twice (the key says so too).
 * Only grows: partitioned by month on `at` in migration 0028 (by hand), partitions by db/monthly-partitions.ts.
 */
export const registrationChanges = pgTable(
  'registration_changes',
  {
    at: at('at').notNull(),
    feedSeq: bigint('feed_seq', { mode: 'number' }).notNull(),
    domainId: bigint('domain_id', { mode: 'number' }).notNull(),
    /** The registration's name in Unicode after the change (before it, for a deletion). */
    domainName: cText('domain_name'),
    /** 'created', 'deleted' or 'changed' (contract `registrationChangeKinds`). */
    kind: text('kind').notNull(),
    registrarBefore: name('registrar_before'),
    registrarAfter: name('registrar_after'),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.feedSeq, t.domainId, t.at] }),
    index('registration_changes_domain_idx').on(t.domainId, t.feedSeq),
    index('registration_changes_registrar_after_idx').on(t.registrarAfter, t.at),
    index('registration_changes_registrar_before_idx').on(t.registrarBefore, t.at),
  ],
);

/**
 * The registrations' past (issue 34, feed/registration-versions.ts): each registration's states as
 * versions valid from `validFrom` until `validTo` (excluded), `infinity` while it is the current one.
 * The importer closes a registration's open version and opens the next in the batch that changes it.
 * Partitioned by RANGE (valid_to) by hand in migration 0033: closed versions by month of their end
 * (db/monthly-partitions.ts makes and drops them), the open ones in `registration_versions_open`
 * (from infinity), which no retention drops. `state` is the change record's state (contract
 * `RegistrationState`): the registrant and contacts by handle, never their personal data.
 */
export const registrationVersions = pgTable(
  'registration_versions',
  {
    domainId: bigint('domain_id', { mode: 'number' }).notNull(),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    /** The sponsoring registrar during the version: whose past it is. */
    registrarHandle: cText('registrar_handle'),
    /** The name in Unicode, as `domains.u_label`. */
    domainName: cText('domain_name'),
    /** The name's A-label and the registration's creation, as `domains` held them: the domain report's columns. */
    aLabel: cText('a_label'),
    createdAt: at('created_at').notNull(),
    state: jsonb('state').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.validFrom, t.validTo] }),
    // A date's portfolio and a kind of change in name order, one registrar's; the version's span read
    // from the index, so a walk skips the versions of other instants without reading them (migration 0034).
    index('registration_versions_registrar_name_span_idx').on(t.registrarHandle, t.domainName, t.validFrom, t.validTo),
    // What began or ended between two dates, one registrar's. The end beside the start lets a date's
    // portfolio be counted from the index alone (migration 0034).
    index('registration_versions_registrar_from_to_idx').on(t.registrarHandle, t.validFrom, t.validTo),
    index('registration_versions_registrar_to_idx').on(t.registrarHandle, t.validTo),
  ],
);

/**
 * From when the registrations' past is known (one row): the first feed run after migration 0033
 * (its baseline) or an empty database's first snapshot; moved later by the retention job when it
 * drops a month of versions.
 */
export const registrationHistoryStart = pgTable(
  'registration_history_start',
  {
    oneRow: boolean('one_row').primaryKey().default(true),
    knownFrom: at('known_from').notNull(),
  },
  (t) => [check('registration_history_start_one_row', sql`${t.oneRow}`)],
);

/**
 * Notification rules (issue 32; modules/notification-rules/): what a registrar wants to be told
 * about its registrations. `target` is the contract's `NotificationRuleTarget` (its `kind` repeated
 * in `kind` for the evaluation's statements); `lastCount` is a saved search's count when last
 * evaluated, so a crossing of its threshold is told once.
 */
export const notificationRules = pgTable(
  'notification_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    target: jsonb('target').notNull(),
    createdBy: cText('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    lastCount: integer('last_count'),
    /** Set by a feed batch that changed the registrar's registrations: the counting job counts the search again. */
    countStale: boolean('count_stale').notNull().default(false),
  },
  (t) => [
    index('notification_rules_registrar_idx').on(t.registrarHandle, t.kind),
    index('notification_rules_stale_idx')
      .on(t.id)
      .where(sql`${t.countStale}`),
  ],
);

/** Who a rule tells: users of its registrar, by username (as the sessions are: embedded sign-in or Keycloak alike). */
export const notificationRuleRecipients = pgTable(
  'notification_rule_recipients',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => notificationRules.id, { onDelete: 'cascade' }),
    username: cText('username'),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.username] }), index('notification_rule_recipients_user_idx').on(t.username)],
);

/** A user's choice of how rule hits reach them by mail (contract `ruleMailChoices`); no row is the default. */
export const ruleMailChoices = pgTable('rule_mail_choices', {
  username: cText('username').primaryKey(),
  mail: text('mail').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The stop links of rule hit mails (modules/notification-rules/rule-mail.ts): each mail a new one, its
 * token stored as a SHA-256 digest only. Using one sets the user's choice to `off` and spends every
 * link of that user (`usedAt`); links older than their lifetime are deleted by the mail job.
 */
export const ruleMailStopLinks = pgTable(
  'rule_mail_stop_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    username: cText('username'),
    createdAt: at('created_at').notNull().defaultNow(),
    usedAt: at('used_at'),
  },
  (t) => [index('rule_mail_stop_links_user_idx').on(t.username), index('rule_mail_stop_links_created_idx').on(t.createdAt)],
);

/**
 * A rule's hits, one row per recipient (the inbox shows each user theirs, as kind `ruleHit`, with a
 * negative id beside the registry's positive ones). Written in the feed batch's transaction (or the
 * daily expiry job's) with `occurrence` naming what fired it (`<feed seq>` or `expires:<instant>`), so
 * the same change never fires twice. `mailedAt`: claimed by the mail (at once or the digest); rows
 * of users who chose no mail are marked too. Only grows: partitioned by month on `at` (migration 0028, by hand).
 */
export const ruleHits = pgTable(
  'rule_hits',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    registrarHandle: cText('registrar_handle'),
    ruleId: uuid('rule_id').notNull(),
    ruleName: text('rule_name').notNull(),
    ruleKind: text('rule_kind').notNull(),
    username: cText('username'),
    domainId: bigint('domain_id', { mode: 'number' }),
    domainName: name('domain_name'),
    occurrence: text('occurrence').notNull(),
    details: jsonb('details').notNull(),
    text: text('text').notNull(),
    mailedAt: at('mailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('rule_hits_user_idx').on(t.username, t.at.desc(), t.id.desc()),
    index('rule_hits_occurrence_idx').on(t.ruleId, t.domainId, t.occurrence),
    index('rule_hits_unmailed_idx')
      .on(t.username)
      .where(sql`${t.mailedAt} IS NULL`),
  ],
);

/**
 * Reconciliation runs (issue 34, `modules/reconciliation/`): a registrar's uploaded list compared with
 * its registrations. At most one running per registrar: the partial unique index is the lock, taken
 * by the run's INSERT. The file itself is never stored: its rows live in a temporary table of the
 * run's own connection. Deleted after 30 days with their results (jobs/retention.ts).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrarHandle: cText('registrar_handle').references(() => registrars.handle),
    startedBy: text('started_by').notNull(),
    fileName: text('file_name'),
    state: text('state').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    bytesReceived: bigint('bytes_received', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    linesRead: integer('lines_read').notNull().default(0),
    columns: text('columns')
      .array()
      .notNull()
      .default(sql`'{}'`),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    failure: text('failure'),
  },
  (t) => [
    uniqueIndex('reconciliation_runs_one_running_idx')
      .on(t.registrarHandle)
      .where(sql`${t.state} IN ('receiving', 'comparing')`),
    index('reconciliation_runs_registrar_idx').on(t.registrarHandle, t.startedAt),
    index('reconciliation_runs_started_idx').on(t.startedAt),
    check('reconciliation_runs_state_check', sql`${t.state} IN ('receiving', 'comparing', 'done', 'failed')`),
  ],
);

/**
 * What a run found, one row each, numbered within its kind (`seq`, from 1) for paging. Only grows
 * between retention runs: partitioned by month on `run_started_at` in its migration (drizzle-kit
 * cannot say so), partitions made ahead and dropped by db/monthly-partitions.ts.
 */
export const reconciliationResults = pgTable(
  'reconciliation_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    runStartedAt: at('run_started_at').notNull(),
    kind: text('kind').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    lineNo: integer('line_no'),
    name: text('name'),
    field: text('field'),
    registryValue: text('registry_value'),
    fileValue: text('file_value'),
    problem: text('problem'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.kind, t.seq, t.runStartedAt] }), index('reconciliation_results_started_idx').on(t.runStartedAt)],
);
