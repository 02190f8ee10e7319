import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkinStatusValues, photoVerificationStatusValues } from '@encanto/core/safety';
import { accounts } from './accounts.ts';
import { meetings } from './marketplace.ts';

/** The code an escort writes on paper for her selfie; one live code per account, a new request replaces it. */
export const photoVerificationCodes = pgTable('photo_verification_codes', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A selfie sent for photo verification; the encrypted bytes live in the private document store. */
export const photoVerifications = pgTable(
  'photo_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Null once the retention job deleted the selfie (30 days after the decision). */
    storageKey: text('storage_key'),
    publicId: text('public_id').notNull(),
    status: text('status', { enum: photoVerificationStatusValues }).notNull().default('pendiente'),
    motivo: text('motivo'),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One selfie under review per account: a second upload while one waits is a 409.
    uniqueIndex('photo_verifications_pending_key')
      .on(t.accountId)
      .where(sql`${t.status} = 'pendiente'`),
    uniqueIndex('photo_verifications_public_id_key').on(t.publicId),
    index('photo_verifications_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Where a registration came from, as an HMAC of its network (never the address
 * itself), kept for the "many accounts from one address" signal and erased with
 * the retention job after REGISTRATION_MARK_DAYS.
 */
export const registrationMarks = pgTable(
  'registration_marks',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mark: text('mark').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_marks_mark_idx').on(t.mark, t.createdAt)],
);

/** A signal group an admin dismissed; the key names the kind and the exact accounts, so a new member reopens it. */
export const signalDismissals = pgTable('signal_dismissals', {
  key: text('key').primaryKey(),
  tipo: text('tipo').notNull(),
  nota: text('nota').notNull(),
  adminId: uuid('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A trusted contact of an escort: mailed once to accept; confirmedAt says they did. */
export const trustedContacts = pgTable(
  'trusted_contacts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    emailNorm: text('email_norm').notNull(),
    tokenHash: text('token_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.emailNorm] }),
    uniqueIndex('trusted_contacts_token_key').on(t.tokenHash),
  ],
);

/**
 * Addresses that refused all mail from the site (the link in every check-in mail). Kept as a keyed
 * hash of the address (HMAC under a key derived from the master key), so the list of people who
 * asked to be left alone does not itself hold their addresses; check-in mail looks the hash up.
 */
export const contactRefusals = pgTable('contact_refusals', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A safety check-in: if she does not say "Estoy bien" by `venceAt`, her contact is mailed. */
export const safetyCheckins = pgTable(
  'safety_checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    venceAt: timestamp('vence_at', { withTimezone: true }).notNull(),
    contactEmail: text('contact_email').notNull(),
    nota: text('nota').notNull().default(''),
    status: text('status', { enum: checkinStatusValues }).notNull().default('activo'),
    reminderAt: timestamp('reminder_at', { withTimezone: true }),
    alertAt: timestamp('alert_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('safety_checkins_due_idx')
      .on(t.venceAt)
      .where(sql`${t.status} = 'activo'`),
    index('safety_checkins_account_idx').on(t.accountId, t.createdAt),
  ],
);
