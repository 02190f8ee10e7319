import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { accounts, media } from '../../src/db/schema/index.ts';
import { box, boxesIn, buildMp4 } from '../helpers/mp4-build.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = path.join(root, 'apps/api/src/cli/admin.ts');
const node = path.join(root, 'node_modules/.bin/node');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'encanto-cli-videos-'));

/** Runs `npm run admin -- …` as an operator would, on this test's own PGlite and media folder. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function withDb<T>(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

// On an embedded database of its own (DATABASE_URL emptied above) whatever the engine under test: the
// run on PostgreSQL (TEST_DATABASE_URL) would repeat it byte for byte (decision 0137).
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run admin -- strip-videos', () => {
  it('rewrites a video stored with its location and reports it', async () => {
    const legacy = buildMp4({
      tracks: [{ handler: 'vide', samples: [Buffer.from('a frame'), Buffer.from('another')] }],
      moovExtra: [box('udta', box('\xa9xyz', Buffer.from('+33.4489-070.6693/')))],
    });
    const hash = createHash('sha256').update(legacy).digest('hex').slice(0, 32);
    const key = `${hash.slice(0, 2)}/${hash}.mp4`;
    await fs.mkdir(path.join(dataDir, 'media', hash.slice(0, 2)), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'media', key), legacy);
    await withDb(async (db) => {
      const [owner] = await db
        .insert(accounts)
        .values({
          kind: 'escort',
          ...{
            rut: '11111111-1',
            rutNorm: '111111111',
            nombre: 'Ana',
            apellido: 'Rosa',
            nickname: 'anarosa',
          },
          ...{
            email: 'ana@example.cl',
            emailNorm: 'ana@example.cl',
            fechaNac: '1990-01-01',
            genero: 'Mujer',
          },
          ...{ fono: '+56911111111', ciudad: 'Santiago', passHash: 'x', tipoPerfil: 'escort' },
        })
        .returning({ id: accounts.id });
      await db.insert(media).values({
        accountId: owner!.id,
        purpose: 'gallery',
        mediaType: 'video',
        publicId: hash,
        url: `/media/${key}`,
        variants: [{ width: 0, height: 0, key }],
        bytes: legacy.length,
      });
    });

    const res = await run(['strip-videos']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Videos rewritten without metadata: 1; already clean: 0.');
    const [row] = await withDb((db) => db.select().from(media));
    expect(row!.publicId).not.toBe(hash);
    const stored = await fs.readFile(path.join(dataDir, 'media', row!.variants[0]!.key));
    expect(stored.includes(Buffer.from('33.4489'))).toBe(false);
    expect(boxesIn(stored).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    await expect(fs.stat(path.join(dataDir, 'media', key))).rejects.toThrow();

    expect((await run(['strip-videos'])).stdout).toContain(
      'Videos rewritten without metadata: 0; already clean: 1.',
    );
  }, 300_000);
});
