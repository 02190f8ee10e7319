/**
 * How `npm start` runs the server on a small machine (decision 0151): settings that only take effect when
 * a process starts, so scripts/start.ts replaces itself (same PID) with a Node that has them. Each one is
 * applied only when the operator has not set it.
 *
 * - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own 64 MB arena and keeps freed memory
 *   there; libvips's threads (photos), argon2 (19 MiB per hash) and the render thread left about 250 MB of
 *   freed memory resident.
 * - MALLOC_MMAP_THRESHOLD_=65536, MALLOC_TRIM_THRESHOLD_=131072: allocations of 64 kB and more get pages of
 *   their own, given back when freed, and the heap's free top goes back beyond 128 kB; glibc's default raises
 *   the threshold as large blocks are freed (WebAssembly compiling, libvips tiles), which kept them in the
 *   heap (restart idle 290 -> 249 MB).
 * - --max-semi-space-size=4: V8 sized its young generation from the machine's memory; 200 MB of heap was
 *   committed for 60-100 MB in use.
 * - --max-old-space-size=192: under load V8 let the old generation grow to 230 MB before collecting, for
 *   about 60-100 MB alive; with a ceiling it collects sooner (the soak's peak fell from 620 to 345 MB).
 */
export const SEMI_SPACE_MB = 4;
export const OLD_SPACE_MB = 192;
export const ARENA_MAX = '2';
const MALLOC_DEFAULTS = {
  MALLOC_ARENA_MAX: ARENA_MAX,
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

export interface Tuned {
  env: Record<string, string>;
  nodeArgs: string[];
}

/** The environment and Node flags to start with, or undefined when nothing is left to set. */
export function processTuning(env: NodeJS.ProcessEnv, execArgv: readonly string[]): Tuned | undefined {
  const add: Record<string, string> = {};
  const nodeArgs: string[] = [];
  for (const [name, value] of Object.entries(MALLOC_DEFAULTS)) if (env[name] === undefined) add[name] = value;
  const flags = `${env.NODE_OPTIONS ?? ''} ${execArgv.join(' ')}`;
  if (!/--max-semi-space-size/.test(flags)) nodeArgs.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  if (!/--max-old-space-size/.test(flags)) nodeArgs.push(`--max-old-space-size=${OLD_SPACE_MB}`);
  if (Object.keys(add).length === 0 && nodeArgs.length === 0) return undefined;
  return { env: add, nodeArgs };
}

/**
 * Whether `npm start` runs the one-off start-up work in a process of its own first (apps/api/src/cli/prepare.ts):
 * on the embedded database when its folder is not there yet (initdb, migrations, demo data), and on
 * PostgreSQL whenever demo data is on (it is seeded into an empty database; on a seeded one the extra
 * process finds nothing to do).
 */
export function needsPrepare(env: NodeJS.ProcessEnv, pgliteExists: boolean): boolean {
  if (!env.DATABASE_URL) return !pgliteExists;
  const demo =
    env.DEMO_DATA === undefined || env.DEMO_DATA === ''
      ? env.NODE_ENV !== 'production'
      : /^(true|1)$/.test(env.DEMO_DATA);
  return demo;
}
