import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountKindValues, autorizadoValues, estadoValues } from '@encanto/core/constants';
import { consentKindValues } from '@encanto/core/consent';
import { atiendeValues } from '@encanto/core/profile-details';

/** PostgreSQL's full-text document; Drizzle has no built-in type for it. Read only by SQL, never selected. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Escorts, clients and admins in one table, so RUT, nickname and e-mail are unique across all kinds. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: accountKindValues }).notNull(),
    rut: text('rut').notNull(),
    rutNorm: text('rut_norm').notNull(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    nickname: text('nickname').notNull(),
    email: text('email').notNull(),
    emailNorm: text('email_norm').notNull(),
    fechaNac: date('fecha_nac', { mode: 'string' }).notNull(),
    genero: text('genero').notNull(),
    fono: text('fono').notNull(),
    ciudad: text('ciudad').notNull(),
    url: text('url').notNull().default(''),
    passHash: text('pass_hash').notNull(),
    autorizado: text('autorizado', { enum: autorizadoValues }).notNull().default('pendiente'),
    tipoPerfil: text('tipo_perfil').notNull(),
    /** Pending authorisation notice: set by an admin decision, cleared once shown. */
    motivo: text('motivo'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Last sign-in or signed-in use (written at most hourly per session): what "no activity" is measured from. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a pending account was mailed that it will be deleted for inactivity; cleared by new activity. */
    inactivityNoticeAt: timestamp('inactivity_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_rut_norm_key').on(t.rutNorm),
    uniqueIndex('accounts_nickname_key').on(sql`lower(${t.nickname})`),
    uniqueIndex('accounts_email_norm_key').on(t.emailNorm),
    index('accounts_pending_idx')
      .on(t.kind, t.createdAt)
      .where(sql`${t.autorizado} = 'pendiente'`),
  ],
);

/** Escort-only fields. `listed` is derived state kept by the services that change its inputs. */
export const escortProfiles = pgTable(
  'escort_profiles',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    cityKey: text('city_key').notNull(),
    medidas: text('medidas').notNull().default(''),
    legenda: text('legenda').notNull().default(''),
    estado: text('estado', { enum: estadoValues }).notNull().default('disponible'),
    /** Paused by the escort herself (Ley 21.719 blocking): hidden everywhere. */
    paused: boolean('paused').notNull().default(false),
    /** Suspended or on hold by an admin after a report: hidden everywhere. */
    suspended: boolean('suspended').notNull().default(false),
    /** approved AND estado disponible AND NOT paused AND NOT suspended: what listings show. */
    listed: boolean('listed').notNull().default(false),
    /** Approved AND NOT paused AND NOT suspended: the public card exists (inactive shows "not available"). */
    public: boolean('public').notNull().default(false),
    galleryCount: integer('gallery_count').notNull().default(0),
    /**
     * The card's photo when her gallery holds an image: the first image in her chosen order (the
     * "Portada"), else null and the card shows the profile photo (accounts.url). Kept by a trigger on
     * media (migration gallery-cover-is-the-card-photo, decision 0155), whichever code path changed it.
     */
    coverUrl: text('cover_url'),
    /*
     * Search columns: copies of account and marketplace facts kept by triggers (migration
     * 20261125171408_discovery_search), so every filter and sort of GET /api/escorts reads one table
     * through one index, whichever code path changed the fact.
     */
    genero: text('genero').notNull().default(''),
    fechaNac: date('fecha_nac', { mode: 'string' }),
    regionKey: text('region_key').notNull().default(''),
    zona: text('zona').notNull().default(''),
    hasPhoto: boolean('has_photo').notNull().default(false),
    /** Overall rating average x 1000 (0 without ratings): an integer so cursors compare exactly. */
    ratingScore: integer('rating_score').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** An admin compared a selfie with her photos; a new profile photo or gallery image sets it back. */
    fotosVerificadas: boolean('fotos_verificadas').notNull().default(false),
    /*
     * Profile details (decision 0103), written by the escort's own form (not by triggers); null or empty
     * when not stated. Codes from the catalogues in packages/core/src/profile-details.ts.
     */
    tarifaDesde: integer('tarifa_desde'),
    servicios: text('servicios')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    atiende: text('atiende', { enum: atiendeValues }),
    horario: text('horario'),
    idiomas: text('idiomas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The text search's document (decision 0163): names, places, services, languages and "Sobre mí",
     * weighted, accent-free. Kept by triggers (migration text-search), whichever code path changed
     * a part of it; `?q=` matches it through escort_search_text_idx.
     */
    searchDoc: tsvector('search_doc')
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * The document without its comuna (weight B), computed by PostgreSQL after the triggers set the
     * document: where a word naming one comuna is found outside it (decision 0196).
     */
    searchDetails: tsvector('search_details').generatedAlwaysAs(sql`ts_filter(search_doc, '{a,c,d}')`),
    /**
     * Where she was last placed in the listings: a number from escort_placement_seq, taken by a trigger
     * (migration saved-searches) when she becomes listed or moves to another comuna, and by nothing else
     * (a new photo or text leaves it). The saved-search sweep reads the profiles placed since its last
     * look (decision 0176).
     */
    placementSeq: bigint('placement_seq', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Detail filters (decision 0103). Pages still walk the sort indexes below and drop rows that do
    // not match (most profiles state a few common services, so a page fills quickly); what these
    // two serve is the count, which otherwise reads every public row of the place: `servicio`
    // (array containment) is a GIN lookup, `tarifa_max` a range of the city's rates.
    const detailIndexes = [
      index('escort_search_servicios_idx')
        .using('gin', t.servicios)
        .where(sql`${t.public}`),
      index('escort_search_city_tarifa_idx')
        .on(t.cityKey, t.tarifaDesde)
        .where(sql`${t.public} and ${t.tarifaDesde} is not null`),
    ];
    // One index per place column and sort, all over public profiles; the search scans one
    // backwards from its cursor (plain ascending columns: ORDER BY … DESC is NULLS FIRST).
    const places = { all: [], city: [t.cityKey], region: [t.regionKey], zona: [t.zona] };
    const publicIndex = (name: string, cols: [AnyPgColumn, ...AnyPgColumn[]]) =>
      index(name)
        .on(...cols)
        .where(sql`${t.public}`);
    // Verified photos are a small share of the listing: their own small index in the default order,
    // so `fotos_verificadas=true` reads only those rows instead of skipping past all the others.
    const verifiedPhotos = index('escort_search_fotos_recientes_idx')
      .on(t.hasPhoto, t.createdAt, t.accountId)
      .where(sql`${t.public} and ${t.fotosVerificadas}`);
    // `?q=` (decision 0163): the words' candidates from the GIN index, then the other filters. Listed
    // profiles only, as every text search asks (decision 0196): each candidate costs a table read.
    // The relevance window's walk has its own covering index, escort_search_text_window_idx, written in
    // the migration text-search-window because Drizzle cannot declare INCLUDE (decision 0182).
    const text = index('escort_search_text_idx')
      .using('gin', t.searchDoc)
      .where(sql`${t.public} and ${t.listed}`);
    const details = index('escort_search_details_idx')
      .using('gin', t.searchDetails)
      .where(sql`${t.public} and ${t.listed}`);
    return [
      verifiedPhotos,
      text,
      details,
      index('escort_placement_seq_idx')
        .on(t.placementSeq)
        .where(sql`${t.listed}`),
      ...detailIndexes,
      ...Object.entries(places).flatMap(([name, place]) => [
        publicIndex(`escort_search_${name}_recientes_idx`, [
          ...place,
          t.hasPhoto,
          t.createdAt,
          t.accountId,
        ] as never),
        publicIndex(`escort_search_${name}_calificacion_idx`, [
          ...place,
          t.ratingScore,
          t.ratingCount,
          t.accountId,
        ] as never),
        publicIndex(`escort_search_${name}_comentarios_idx`, [
          ...place,
          t.commentCount,
          t.accountId,
        ] as never),
      ]),
    ];
  },
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Whether this login passed a second factor: admin routes answer only to such sessions. */
    secondFactor: boolean('second_factor').notNull().default(false),
    /** The browser's User-Agent at login, for the coarse device name in "Sesiones activas". */
    userAgent: text('user_agent').notNull().default(''),
    /**
     * When the holder last proved it is her (the password or a code of a factor): changing a factor
     * needs a proof given within the last minutes, not a session alone (decision 0119).
     */
    reauthAt: timestamp('reauth_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_account_idx').on(t.accountId),
  ],
);

/** One live recovery code per account; a new request replaces it. */
export const recoveryCodes = pgTable('recovery_codes', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  linkTokenHash: text('link_token_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Wrong recovery codes of an account, across all its codes: the times of those
 * within the last 24 h (at most the cap, epoch ms) and the lock they set. Kept
 * apart from recovery_codes, whose row a new request replaces.
 */
export const recoveryGuards = pgTable('recovery_guards', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  failures: jsonb('failures').$type<number[]>().notNull().default([]),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Consents given at registration (Ley 21.719): which text, in which version,
 * and when. Rows are only added, so a later version of the terms never
 * rewrites what someone accepted before; they go with the account.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: consentKindValues }).notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consents_account_kind_version_key').on(t.accountId, t.kind, t.version)],
);
