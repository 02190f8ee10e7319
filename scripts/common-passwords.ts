// `node scripts/common-passwords.ts`: rebuilds packages/core/src/data/common-passwords.json from
// @zxcvbn-ts/language-common (a dev dependency of packages/core), after upgrading that package.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { limits } from '../packages/core/src/constants.ts';
import { passesPasswordShape } from '../packages/core/src/passwords.ts';

export const SOURCE_PACKAGE = '@zxcvbn-ts/language-common';
/** How many of the most common passwords are refused. */
export const COMMON_COUNT = 10_000;
export const LIST_FILE = path.resolve(import.meta.dirname, '../packages/core/src/data/common-passwords.json');

const require = createRequire(path.resolve(import.meta.dirname, '../packages/core/package.json'));

export interface CommonPasswordList {
  source: string;
  note: string;
  passwords: string[];
}

/** The package's list, most frequent first. */
export function rankedPasswords(): string[] {
  return require(`${SOURCE_PACKAGE}/src/passwords.json`) as string[];
}

/**
 * The first 10,000 ranked passwords, keeping only those the length and
 * letters-and-digits rules would let through at the lowest minimum (the
 * registration's 6): the others are refused before the list is read, so
 * shipping them would only make the browser's chunk nine times larger.
 */
export function buildCommonPasswordList(): CommonPasswordList {
  const version = (require(`${SOURCE_PACKAGE}/package.json`) as { version: string }).version;
  const top = rankedPasswords().slice(0, COMMON_COUNT);
  return {
    source: `${SOURCE_PACKAGE}@${version} src/passwords.json, ranks 1-${COMMON_COUNT} (MIT)`,
    note: `Built by scripts/common-passwords.ts: only the entries that pass the ${limits.escortRegistrationPasswordMin}-character letters-and-digits rule; compared in lower case.`,
    passwords: top.filter((p) => passesPasswordShape(p, limits.escortRegistrationPasswordMin)),
  };
}

if (import.meta.main) {
  const list = buildCommonPasswordList();
  fs.writeFileSync(LIST_FILE, `${JSON.stringify(list, null, 1)}\n`);
  console.log(`${list.passwords.length} passwords written to ${path.relative(process.cwd(), LIST_FILE)}`);
}
