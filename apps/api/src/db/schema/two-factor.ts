import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * An account's TOTP authenticator. The secret must be readable to check codes (it cannot be hashed);
 * no route returns it after enrolment, and it is sealed at rest (decision 0123). `confirmedAt` is null
 * while enrolment waits for the first code; `lastStep` is the 30-second step of the last accepted
 * code, so a code works once.
 */
export const totpFactors = pgTable('totp_factors', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as SHA-256 (they are random, so no slow hash is needed). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_key').on(t.accountId, t.codeHash)],
);

/**
 * A password step that still owes a second factor (or, for an admin without one, an enrolment).
 * Only the SHA-256 of `desafio` is stored. `loginKind` says which login route's answer it finishes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    loginKind: text('login_kind', { enum: ['client', 'escort', 'admin'] }).notNull(),
    purpose: text('purpose', { enum: ['verify', 'enrol'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The WebAuthn challenge handed out for a passkey as second factor. */
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_challenges_token_key').on(t.tokenHash)],
);

/** One row per wrong second-factor code: the per-account window (10 per 15 minutes) counts them. */
export const secondFactorFailures = pgTable(
  'second_factor_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('second_factor_failures_account_idx').on(t.accountId, t.createdAt)],
);

/** WebAuthn credentials (passkeys). `credentialId` and `publicKey` are base64url. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    nombre: text('nombre').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_key').on(t.credentialId),
    index('passkeys_account_idx').on(t.accountId),
  ],
);

/**
 * Outstanding WebAuthn challenges for passkey registration (account set) and passwordless login
 * (account null). Single use: the verifying call deletes the row; 5 minutes at most.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
);

/**
 * The browsers an account has signed in from: a random id kept in a long-lived cookie, stored only
 * as its SHA-256. A sign-in from a browser not on the list mails the owner (decision 0121).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.deviceHash] })],
);

/**
 * A security notice mailed to the owner (a factor added or removed, new recovery codes, a sign-in from
 * a new browser) and its "no fui yo" link: the link's token is stored as its SHA-256, works once and
 * for a few days. `factorRef` names the factor an addition created ('totp' or a passkey id), so saying
 * "no fui yo" can take it back.
 */
export const securityNotices = pgTable(
  'security_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'totp_added',
        'totp_removed',
        'passkey_added',
        'passkey_removed',
        'codes_renewed',
        'factors_reset',
        'new_device',
      ],
    }).notNull(),
    factorRef: text('factor_ref'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('security_notices_token_key').on(t.tokenHash),
    index('security_notices_account_idx').on(t.accountId),
  ],
);
