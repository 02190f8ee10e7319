import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mediaPurposeValues, mediaTypeValues, photoHoldStateValues } from '@encanto/core/media';
import { accounts } from './accounts.ts';

export interface MediaVariant {
  width: number;
  height: number;
  key: string;
}

/** Profile photos and gallery items (images and mp4 videos). Files live in the MediaStore. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: mediaPurposeValues }).notNull(),
    mediaType: text('media_type', { enum: mediaTypeValues }).notNull(),
    /** Content-hash name: the spec's publicId. */
    publicId: text('public_id').notNull(),
    /** Main URL served to browsers (largest variant or the video). */
    url: text('url').notNull(),
    variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
    bytes: integer('bytes').notNull().default(0),
    /** Perceptual hash of an image (null for videos): finds the same photo under several accounts. */
    phash: bigint('phash', { mode: 'bigint' }),
    /** Gallery order chosen by the escort (0 first: the cover); ties fall back to upload time. */
    position: integer('position').notNull().default(0),
    /**
     * A picture too close to one another account published is held (decision 0177): 'en_revision'
     * until an admin decides, 'retirada' when the admin took it down. Held pictures are never public.
     */
    hold: text('hold', { enum: photoHoldStateValues }),
    /**
     * Watermark (decision 0178): while her mark is on, `url` and `variants` are the marked copies (so every
     * reader serves them unchanged) and these keep the unmarked originals; null when the row is unmarked.
     */
    originalUrl: text('original_url'),
    originalVariants: jsonb('original_variants').$type<MediaVariant[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_account_idx').on(t.accountId, t.purpose, t.createdAt),
    // Five 13-bit bands of the hash: two hashes within 4 bits share at least one band (pigeonhole),
    // so the near-duplicate search is five indexed equality joins instead of comparing every pair.
    ...phashBands.map((b) => index(`media_phash_b${b.n}_idx`).on(phashBand(t.phash, b.n))),
  ],
);

/** The bands of PHASH_BANDS; the threshold they guarantee is PHASH_MAX_DISTANCE (modules/signals). */
export const phashBands = [0, 1, 2, 3, 4].map((n) => ({ n }));
export const phashBand = (column: unknown, n: number) =>
  sql`((${column} >> ${sql.raw(String(n * 13))}) & 8191)`;

/**
 * One held picture (decision 0177): who uploaded it, whose earlier picture it resembles, the admin's
 * decision, and the one-click impersonation report the earlier owner got by mail (its token hashed).
 */
export const photoHolds = pgTable(
  'photo_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerMediaId: uuid('owner_media_id').references(() => media.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: mediaPurposeValues }).notNull(),
    status: text('status', { enum: ['en_revision', 'liberada', 'retirada'] })
      .notNull()
      .default('en_revision'),
    reportTokenHash: text('report_token_hash').notNull().unique(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    nota: text('nota'),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('photo_holds_status_idx').on(t.status, t.createdAt),
    index('photo_holds_account_idx').on(t.accountId),
  ],
);

/**
 * Escorts who mark their public pictures with the site's name and their nickname (decision 0178): a row
 * means on. Which mark a picture carries is in its file names (`-m<hash>-`), so a stale mark is seen.
 */
export const watermarks = pgTable('watermarks', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
