import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The PostgreSQL extensions the migrations create, as PGlite loads them: every PGlite this code
 * opens (the database, a backup's copy, a restore, the bench) passes these. The text search's
 * accent-free configurations need unaccent (decision 0163).
 */
export const pgliteExtensions = { unaccent };
