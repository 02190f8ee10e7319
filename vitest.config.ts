import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Workers for the node projects (unit, api, security; one value, as they share a pool). Vitest's default,
 * one CPU fewer than the machine has, is a single worker on a 2-core machine, which leaves a core idle
 * while a file waits on its database, a child process or ffmpeg. TEST_WORKERS overrides it.
 */
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism() - 1);

/**
 * Browser-test files side by side, each worker against a server of its own (e2e/helpers/global-setup.ts
 * starts one per worker, so no file sees another's data). A browser file spends most of its time waiting on
 * Chromium and the server, so two overlap well even on 2 cores. E2E_WORKERS=1 for a single file (one server).
 */
const e2eWorkers = Number(process.env.E2E_WORKERS) || 2;

/**
 * The files that run longest (minutes on PostgreSQL for the first ones; passkeys seeds a server of its own),
 * slowest first. A fresh clone has
 * no timings, so vitest would start files by project name and size, and a worker could pick up a long file
 * last and run alone at the end while the other waits. Unlisted files keep vitest's order; an entry gone
 * stale only changes the order.
 */
const longestFirst = [
  'apps/api/test/security/sql-injection-1.test.ts',
  'apps/api/test/security/sql-injection-2.test.ts',
  'apps/api/test/security/sql-injection-3.test.ts',
  'apps/api/test/api/admin-cli.test.ts',
  'apps/api/test/api/backup-restore.test.ts',
  'apps/api/test/api/data-dir-modes.test.ts',
  'apps/api/test/api/s3-storage.test.ts',
  'apps/api/test/api/newcomer-start.test.ts',
  'apps/api/test/security/access-matrix.test.ts',
  'apps/api/test/api/admin-cli-strip-videos.test.ts',
  'apps/api/test/api/accounts-rate-limit.test.ts',
  'apps/api/test/security/fuzz.test.ts',
  'e2e/a11y.test.ts',
  'e2e/profiles.test.ts',
  'e2e/typed-before-hydration.test.ts',
  'e2e/admin-review.test.ts',
  'e2e/accounts.test.ts',
  'e2e/gallery.test.ts',
  'e2e/meetings.test.ts',
  'e2e/voice.test.ts',
  'e2e/data-rights.test.ts',
  'e2e/marketplace.test.ts',
  'e2e/safety.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = longestFirst.indexOf(path.relative(this.ctx.config.root, file.moduleId));
      return i < 0 ? longestFirst.length : i;
    };
    // A stable sort: files of the same rank keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * expect.poll's default deadline, 1 s, is a hang guard too: a page or a server on the slowest CI machine
 * measured (decision 0183) took longer to come round than that.
 */
const pollDeadline = { poll: { timeout: 15_000 } };

/**
 * The API and security files run on Node's own import, which strips the types itself, instead of Vite's
 * module runner (which transforms every file of the app again in each worker): they mock no module.
 */
const nativeImports = { viteModuleRunner: false, nodeLoader: false };

/** One runner, four projects: unit, api (real database), security (in CI), e2e (built app in Chromium). */
export default defineConfig({
  test: {
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          // A hang guard (decision 0183): the ffmpeg round trips took past vitest's 5 s on the slowest CI machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/api/test/unit/**/*.test.ts',
            'apps/web/test/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          expect: pollDeadline,
          isolate: false,
          experimental: nativeImports,
          include: ['apps/api/test/api/**/*.test.ts'],
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          // The heaviest files (backups, the admin command, S3) share the CPU with a second worker, the
          // browser suite and, in CI, the PostgreSQL run: a deadline for a hung test, not a speed limit,
          // set for the slowest CI machine measured (decision 0183: two to three times slower under load).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'security',
          expect: pollDeadline,
          isolate: false,
          experimental: nativeImports,
          include: ['apps/api/test/security/**/*.test.ts'],
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          // Whole-route sweeps (the access matrix: ~170 s on PostgreSQL on the slowest CI machine); a hang guard.
          testTimeout: 600_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          expect: pollDeadline,
          // A worker runs its files one after another in one process with one browser (helpers/browser.ts
          // workerBrowser): each file otherwise starts a process, imports Playwright and launches Chromium
          // anew, about 2 CPU-seconds a file (decision 0187). Files share nothing else: each test opens its
          // own context, and each worker has its own server already.
          isolate: false,
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/helpers/global-setup.ts'],
          // Hang guards (decision 0183): a journey of many pages took over 90 s on the slowest CI machine.
          testTimeout: 240_000,
          hookTimeout: 300_000,
          maxWorkers: e2eWorkers,
          // Its own group (its worker count differs): in a run of every project it follows the others.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
