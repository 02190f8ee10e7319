import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm run typecheck` runs TypeScript 7; the lint keeps the `typescript` package typescript-eslint accepts (decision 0193). */
const root = path.resolve(import.meta.dirname, '../../../..');

interface PackageJson {
  version: string;
  scripts?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as PackageJson;
const majorMinor = (version: string) => version.split('.').slice(0, 2).map(Number) as [number, number];

describe('the type-check compiler', () => {
  it('is TypeScript 7, named by path', () => {
    expect(read('package.json').scripts?.typecheck).toMatch(/^node node_modules\/typescript-7\/bin\/tsc /);
    expect(read('node_modules/typescript-7/package.json').version).toMatch(/^7\./);
  });

  it("leaves `typescript` below typescript-eslint's upper bound", () => {
    const peer = read('node_modules/typescript-eslint/package.json').peerDependencies?.typescript ?? '';
    const bound = /<\s*(\d+\.\d+)/.exec(peer)?.[1];
    expect(bound, peer).toBeDefined();
    const [major, minor] = majorMinor(read('node_modules/typescript/package.json').version);
    const [maxMajor, maxMinor] = majorMinor(bound!);
    expect(major < maxMajor || (major === maxMajor && minor < maxMinor), `${major}.${minor}, ${peer}`).toBe(
      true,
    );
  });
});
