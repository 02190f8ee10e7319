import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type Database } from '../../src/db/client.ts';
import { withDatabase } from '../helpers/global-setup.ts';

/**
 * The retention-and-photo-links migration (decisions 0051 and 0052) also moves existing data: activity from sessions,
 * rejection dates from the audit log, and photo links saved before links were
 * downloaded. It runs here on a database migrated up to the previous step.
 */
const MIGRATION = 'retention-and-photo-links';

let database: Database;
let drop = async () => {};

async function statements(file: string): Promise<string[]> {
  const text = await fs.readFile(path.join(migrationsFolder, file), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

async function apply(files: string[]) {
  for (const file of files) for (const s of await statements(file)) await database.db.execute(sql.raw(s));
}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const name = `encanto_m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(url, name), migrate: false });
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else database = await openDatabase({ migrate: false });
});
afterAll(async () => {
  await database?.close();
  await drop();
});

describe(`migration ${MIGRATION}`, () => {
  it('backfills activity and rejection dates, and replaces saved photo links by the avatar', async () => {
    const files = (await fs.readdir(migrationsFolder)).filter((f) => f.endsWith('.sql')).sort();
    const mine = files.findIndex((f) => f.includes(MIGRATION));
    expect(mine).toBeGreaterThan(0);
    await apply(files.slice(0, mine));

    const ids = { linked: randomUUID(), seen: randomUUID(), rejected: randomUUID(), own: randomUUID() };
    const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
    const account = (id: string, n: number, genero: string, url: string) =>
      database.db.execute(
        sql.raw(`INSERT INTO accounts (id, kind, rut, rut_norm, nombre, apellido, nickname, email, email_norm,
          fecha_nac, genero, fono, ciudad, url, pass_hash, tipo_perfil, created_at)
          VALUES ('${id}', 'client', 'r${n}', 'r${n}', 'Nombre Apellido', 'n${n}', 'n${n}', 'n${n}@x.cl',
          'n${n}@x.cl', '1990-01-01', '${genero}', '912345678', 'Santiago', '${url}', 'x', 'cliente', '${day(1)}')`),
      );
    await account(ids.linked, 1, 'Masculino', 'https://fotos.example.cl/yo.jpg');
    await account(ids.seen, 2, 'Femenino', 'HTTP://fotos.example.cl/ella.png');
    await account(ids.rejected, 3, 'Transexual', '/assets/avatars/transexual.svg');
    await account(ids.own, 4, 'Femenino', '/media/ab/abcdef-640.webp');
    await database.db.execute(
      sql.raw(`INSERT INTO sessions (account_id, token_hash, last_seen_at, expires_at)
        VALUES ('${ids.seen}', 'h1', '${day(20)}', '${day(50)}'), ('${ids.seen}', 'h2', '${day(10)}', '${day(40)}')`),
    );
    await database.db.execute(
      sql.raw(`INSERT INTO identity_documents (account_id, storage_key, public_id, created_at)
        VALUES ('${ids.rejected}', 'k1', 'p1', '${day(2)}'), ('${ids.own}', 'k2', 'p2', '${day(9)}')`),
    );
    await database.db.execute(
      sql.raw(`INSERT INTO audit_log (admin_nickname, account_id, account_nickname, action, reasons, created_at)
        VALUES ('jefa', '${ids.rejected}', 'n3', 'rechazado', 'borrosa', '${day(3)}'),
               ('jefa', '${ids.rejected}', 'n3', 'rechazado', 'otra vez', '${day(5)}'),
               ('jefa', '${ids.own}', 'n4', 'rechazado', 'antes del documento nuevo', '${day(8)}')`),
    );

    await apply([files[mine]!]);

    const rows = (await database.db.execute(
      sql.raw(`SELECT a.id, a.url, a.last_active_at, a.inactivity_notice_at, d.rejected_at
        FROM accounts a LEFT JOIN identity_documents d ON d.account_id = a.id`),
    )) as unknown as { rows: Record<string, unknown>[] } | Record<string, unknown>[];
    const list = Array.isArray(rows) ? rows : rows.rows;
    const by = (id: string) => list.find((r) => r.id === id)!;
    const date = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());

    expect(by(ids.linked).url).toBe('/assets/avatars/masculino.svg');
    expect(by(ids.seen).url).toBe('/assets/avatars/femenino.svg');
    expect(by(ids.rejected).url).toBe('/assets/avatars/transexual.svg');
    expect(by(ids.own).url).toBe('/media/ab/abcdef-640.webp');

    expect(date(by(ids.seen).last_active_at)).toBe(day(20));
    expect(date(by(ids.linked).last_active_at)).toBe(day(1));
    expect(by(ids.linked).inactivity_notice_at).toBeNull();

    // The latest rejection dates a document uploaded before it; a document uploaded after one is not rejected.
    expect(date(by(ids.rejected).rejected_at)).toBe(day(5));
    expect(by(ids.own).rejected_at).toBeNull();
  });
});
