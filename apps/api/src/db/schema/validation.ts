import { bigint, index, pgTable, text, timestamp, uuid, bigserial } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** The identity document an account uploaded; the encrypted bytes live in the private document store. */
export const identityDocuments = pgTable('identity_documents', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  publicId: text('public_id').notNull(),
  width: text('width'),
  height: text('height'),
  /** Perceptual hash of the document picture: the same document under two accounts is a signal. */
  phash: bigint('phash', { mode: 'bigint' }),
  /** First rejection of this document by an admin; it is deleted a fixed time after (a new upload is a new row). */
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every admin decision. Survives the account (ids set null, nickname kept) so the record stays. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
    adminNickname: text('admin_nickname').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountNickname: text('account_nickname').notNull(),
    action: text('action').notNull(),
    reasons: text('reasons'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);
