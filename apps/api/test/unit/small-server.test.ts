import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, pgliteStartParams } from '../../src/db/client.ts';
import { applyImageMemory } from '../../src/infra/media/images.ts';
import { needsPrepare, processTuning } from '../../../../scripts/process-tuning.ts';

/** The memory knobs of a small server (decision 0151) and their defaults for 1 GB. */
describe('small server defaults', () => {
  it('reads the memory knobs, with defaults for a 1 GB server', () => {
    expect(loadConfig({}).memory).toEqual({
      publicCacheMb: 8,
      imageConcurrency: 1,
      imageCacheMb: 0,
      pglite: { sharedBuffersMb: 16, workMemMb: 4 },
    });
    const c = loadConfig({
      PUBLIC_CACHE_MB: '32',
      IMAGE_CONCURRENCY: '2',
      IMAGE_CACHE_MB: '20',
      PGLITE_SHARED_BUFFERS_MB: '64',
      PGLITE_WORK_MEM_MB: '8',
    });
    expect(c.memory).toEqual({
      publicCacheMb: 32,
      imageConcurrency: 2,
      imageCacheMb: 20,
      pglite: { sharedBuffersMb: 64, workMemMb: 8 },
    });
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  const restore = { concurrency: sharp.concurrency(), cache: sharp.cache() };
  afterAll(() => {
    sharp.concurrency(restore.concurrency);
    sharp.cache({
      memory: restore.cache.memory.max,
      files: restore.cache.files.max,
      items: restore.cache.items.max,
    });
  });

  it('gives libvips one thread per operation and no operation cache by default', () => {
    applyImageMemory(loadConfig({}).memory);
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache().memory.max).toBe(0);
    applyImageMemory({ imageConcurrency: 2, imageCacheMb: 10 });
    expect(sharp.concurrency()).toBe(2);
    expect(sharp.cache().memory.max).toBe(10);
  });

  it("starts PGlite's PostgreSQL with the configured buffer pool and sort memory", async () => {
    const params = pgliteStartParams(['--single'], { sharedBuffersMb: 12, workMemMb: 3 });
    expect(params.slice(0, 1)).toEqual(['--single']);
    const database = await openDatabase({ migrate: false, pglite: { sharedBuffersMb: 12, workMemMb: 3 } });
    try {
      const show = async (name: string) =>
        ((await database.db.execute(`show ${name}`)) as unknown as { rows: Record<string, string>[] })
          .rows[0]![name];
      expect(await show('shared_buffers')).toBe('12MB');
      expect(await show('work_mem')).toBe('3MB');
    } finally {
      await database.close();
    }
  }, 180_000);

  it('npm start sets the glibc arena limit and the young generation once, leaving what the operator set', () => {
    const heap = ['--max-semi-space-size=4', '--max-old-space-size=192'];
    const malloc = {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '65536',
      MALLOC_TRIM_THRESHOLD_: '131072',
    };
    expect(processTuning({}, [])).toEqual({ env: malloc, nodeArgs: heap });
    expect(processTuning({ ...malloc, MALLOC_ARENA_MAX: '4' }, [])).toEqual({ env: {}, nodeArgs: heap });
    expect(processTuning({ MALLOC_ARENA_MAX: '4' }, [])?.env).toEqual({
      MALLOC_MMAP_THRESHOLD_: '65536',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
    expect(
      processTuning({ NODE_OPTIONS: '--max-semi-space-size=16 --max-old-space-size=512' }, [])?.nodeArgs,
    ).toEqual([]);
    // After the restart with all of them set there is nothing left to do: no second restart.
    expect(processTuning(malloc, heap)).toBeUndefined();
  });

  it('npm start prepares a first start in a process of its own: a new PGlite folder, or demo data on PostgreSQL', () => {
    expect(needsPrepare({}, false)).toBe(true);
    expect(needsPrepare({}, true)).toBe(false);
    const pg = { DATABASE_URL: 'postgres://localhost/x' };
    expect(needsPrepare(pg, false)).toBe(true);
    expect(needsPrepare({ ...pg, NODE_ENV: 'production' }, false)).toBe(false);
    expect(needsPrepare({ ...pg, NODE_ENV: 'production', DEMO_DATA: 'true' }, false)).toBe(true);
    expect(needsPrepare({ ...pg, DEMO_DATA: 'false' }, false)).toBe(false);
  });
});
