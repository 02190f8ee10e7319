import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * The AWS SDK is 33 MB resident: a process without a bucket never loads it (decision 0151). Checked in a
 * fresh Node, since this worker's module graph holds whatever other test files imported.
 */
describe('a server without S3', () => {
  it('does not load the AWS SDK when its modules load', () => {
    const script = `
      import { createRequire } from 'node:module';
      await import('./apps/api/src/app.ts');
      await import('./apps/api/src/web/plugin.ts');
      await import('./apps/api/src/bootstrap.ts');
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('@aws-sdk'));
      process.stdout.write(JSON.stringify(loaded.length));
    `;
    const out = execFileSync(
      path.join(root, 'node_modules/.bin/node'),
      ['--input-type=module', '-e', script],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(JSON.parse(out)).toBe(0);
  }, 180_000);
});
