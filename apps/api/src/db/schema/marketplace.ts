import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { meetingStatusValues } from '@encanto/core/marketplace';
import { lugarValues } from '@encanto/core/meetings';
import { accounts } from './accounts.ts';

export const favorites = pgTable(
  'favorites',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    escortId: uuid('escort_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.escortId] })],
);

/** The one truth behind both conversation services of the spec (appointments and conversacion-cliente). */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    escortId: uuid('escort_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: meetingStatusValues }).notNull().default('pendiente'),
    /** The agreed (or requested) time; null only for requests made before details existed. */
    fechaHora: timestamp('fecha_hora', { withTimezone: true }),
    duracionMin: smallint('duracion_min'),
    lugar: text('lugar', { enum: lugarValues }),
    mensaje: text('mensaje'),
    /** Another time proposed by the escort, waiting for the client's answer. */
    propuestaFechaHora: timestamp('propuesta_fecha_hora', { withTimezone: true }),
    motivoRechazo: text('motivo_rechazo'),
    acceso: boolean('acceso').notNull().default(false),
    comentado: boolean('comentado').notNull().default(false),
    click: boolean('click').notNull().default(false),
    evaluadoCliente: boolean('evaluado_cliente').notNull().default(false),
    evaluadoEscort: boolean('evaluado_escort').notNull().default(false),
    tokenHash: text('token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('meetings_one_pending_key')
      .on(t.clientId, t.escortId)
      .where(sql`${t.status} = 'pendiente'`),
    index('meetings_escort_idx').on(t.escortId, t.status),
    index('meetings_client_idx').on(t.clientId, t.status),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    escortId: uuid('escort_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null once the author deleted the account: the comment stays, anonymised. */
    clientId: uuid('client_id').references(() => accounts.id, { onDelete: 'set null' }),
    nickCliente: text('nick_cliente').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    comentario: text('comentario').notNull(),
    /** The "No Me Gusta" count, kept with each row of comment_dislikes. */
    likes: integer('likes').notNull().default(0),
    /** The meeting it reviews; null for comments written before reviews belonged to a meeting. */
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_one_per_day_key').on(t.clientId, t.escortId, t.fecha),
    uniqueIndex('comments_meeting_key').on(t.meetingId),
    index('comments_escort_idx').on(t.escortId, t.createdAt.desc()),
  ],
);

const notes = {
  nota1: smallint('nota1').notNull(),
  nota2: smallint('nota2').notNull(),
  nota3: smallint('nota3').notNull(),
  nota4: smallint('nota4').notNull(),
  nota5: smallint('nota5').notNull(),
  /**
   * Already added to rating_totals. A rating joins the sums when it becomes
   * visible (both sides reviewed or the window ended), so averages never reveal
   * a hidden one. Rows written before double-blind reviews were counted at once.
   */
  counted: boolean('counted').notNull().default(true),
};

/** A client's rating of an escort, one per meeting. */
export const escortRatings = pgTable(
  'escort_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    escortId: uuid('escort_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id').references(() => accounts.id, { onDelete: 'set null' }),
    calificador: text('calificador').notNull(),
    ...notes,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('escort_ratings_meeting_key').on(t.meetingId),
    index('escort_ratings_escort_idx').on(t.escortId),
    index('escort_ratings_uncounted_idx')
      .on(t.meetingId)
      .where(sql`not ${t.counted}`),
  ],
);

/** An escort's rating of a client, one per meeting. */
export const clientRatings = pgTable(
  'client_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id').references(() => accounts.id, { onDelete: 'set null' }),
    calificador: text('calificador').notNull(),
    ...notes,
    /** Her optional words about the client (decision 0157); null for ratings without one. */
    comentario: text('comentario'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_ratings_meeting_key').on(t.meetingId),
    index('client_ratings_client_idx').on(t.clientId),
    index('client_ratings_uncounted_idx')
      .on(t.meetingId)
      .where(sql`not ${t.counted}`),
  ],
);

const sums = {
  count: integer('count').notNull().default(0),
  sum1: integer('sum1').notNull().default(0),
  sum2: integer('sum2').notNull().default(0),
  sum3: integer('sum3').notNull().default(0),
  sum4: integer('sum4').notNull().default(0),
  sum5: integer('sum5').notNull().default(0),
};

/** Running sums kept in the same transaction as each rating insert: averages are O(1) to read. */
export const ratingTotals = pgTable('rating_totals', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  ...sums,
});

export const blocks = pgTable(
  'blocks',
  {
    escortId: uuid('escort_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.escortId, t.clientId] })],
);

/** One "No Me Gusta" per client and comment; undoing it deletes the row. */
export const commentDislikes = pgTable(
  'comment_dislikes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.clientId] })],
);
