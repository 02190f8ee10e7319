import path from 'node:path';
import { Writable } from 'node:stream';
import { createInterface, type Interface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { limits } from '@encanto/core/constants';
import {
  hasLettersAndDigits,
  isCommonPassword,
  isVisiblePassword,
  loadCommonPasswords,
  PASSWORD_MAX,
  passwordLength,
} from '@encanto/core/passwords';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import type { TwoFactorDeps } from '../modules/two-factor/service.ts';
import { ensureAdmin } from '../modules/accounts/admin-bootstrap.ts';
import { findAccountByEmail } from '../modules/accounts/service.ts';
import { resetTwoFactor } from '../modules/two-factor/service.ts';
import { stripVideos } from './strip-videos.ts';
import { claimPgliteDir, type PgliteClaim } from '../infra/backup/control.ts';
import { restrictNewFiles } from '../lib/data-dir.ts';

/**
 * `npm run admin -- create [--email e-mail] [--password password] [--nickname nick]`
 * `npm run admin -- reset-2fa EMAIL` clears an account's second factors (docs/operations.md).
 * (`strip-videos` is the other command: cli/strip-videos.ts)
 *
 * Creates an admin account, or sets a new password on an existing one, in the
 * database the server is configured with (DATABASE_URL, else PGlite under
 * DATA_DIR). Whatever is not given as a flag is asked for; the password is
 * typed without echo. With the embedded database, stop the server first:
 * PGlite admits one process at a time.
 */

const USAGE = `Usage: npm run admin -- create [--email <e-mail>] [--password <password>] [--nickname <nickname>]
       npm run admin -- reset-2fa <e-mail>
       npm run admin -- strip-videos

create: creates an admin account (or sets a new password on an existing one) in
the configured database. Missing values are asked for interactively.
reset-2fa: clears an account's two-step login (app, recovery codes, passkeys),
ends its sessions and mails the owner; check the person's identity first
(docs/operations.md, "Lost second factor"). An admin enrols a new app at her
next login.
strip-videos: rewrites gallery videos stored before uploads were cleaned of
metadata (location, dates, device). Run once after upgrading; stop the server
first with the embedded database.`;

const emailSchema = z.email('Not a valid e-mail address.');
/** The web's rule for a new password (shared predicates), worded for an operator's terminal. */
const passwordSchema = z
  .string()
  .refine(
    (v) => passwordLength(v) >= limits.passwordMin,
    `The password needs at least ${limits.passwordMin} characters.`,
  )
  .refine(
    (v) => passwordLength(v) <= PASSWORD_MAX,
    `The password can have at most ${PASSWORD_MAX} characters.`,
  )
  .refine(isVisiblePassword, 'The password cannot contain line breaks or invisible characters.')
  .refine(hasLettersAndDigits, 'The password needs at least one letter and one digit.')
  .refine(
    (v) => !isCommonPassword(v),
    'That password is one of the 10,000 most common ones: choose another.',
  );
const nicknameSchema = z
  .string()
  .regex(/^[a-z0-9]{4,10}$/, 'The nickname has 4-10 lowercase letters or digits.');

class Prompter {
  private muted = false;
  private readonly rl: Interface;
  /** Buffers lines, so input piped in all at once is not lost between questions. */
  private readonly lines: AsyncIterator<string>;

  constructor() {
    // Typed characters are echoed through this stream; muting it hides the password.
    const output = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        if (!this.muted) process.stdout.write(chunk);
        done();
      },
    });
    this.rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
    this.lines = this.rl[Symbol.asyncIterator]();
  }

  private async nextLine(): Promise<string> {
    const { value, done } = await this.lines.next();
    if (done) fail('\nNo input: cancelled.');
    return value;
  }

  async ask(question: string): Promise<string> {
    process.stdout.write(question);
    return (await this.nextLine()).trim();
  }

  async askHidden(question: string): Promise<string> {
    process.stdout.write(question);
    this.muted = true;
    try {
      return await this.nextLine();
    } finally {
      this.muted = false;
      process.stdout.write('\n');
    }
  }

  close() {
    this.rl.close();
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function create(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      nickname: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  let email = values.email;
  let password = values.password;
  const prompter = email && password ? undefined : new Prompter();
  try {
    if (!email) email = await prompter!.ask('Admin e-mail: ');
    const parsedEmail = emailSchema.safeParse(email);
    if (!parsedEmail.success) fail(parsedEmail.error.issues[0]!.message);
    if (!password) {
      password = await prompter!.askHidden('Password: ');
      const repeat = await prompter!.askHidden('Repeat the password: ');
      if (repeat !== password) fail('The passwords do not match.');
    }
  } finally {
    prompter?.close();
  }
  await loadCommonPasswords();
  const parsedPassword = passwordSchema.safeParse(password);
  if (!parsedPassword.success) fail(parsedPassword.error.issues[0]!.message);
  if (values.nickname !== undefined) {
    const parsedNick = nicknameSchema.safeParse(values.nickname);
    if (!parsedNick.success) fail(parsedNick.error.issues[0]!.message);
  }

  await withDatabase(async (deps) => {
    try {
      await ensureAdmin(deps, {
        email: email,
        password: parsedPassword.data,
        ...(values.nickname ? { nickname: values.nickname } : {}),
      });
      process.stdout.write(`Admin ${email} is ready: log in at /login-admin.\n`);
    } catch (err) {
      fail(`Could not create the admin: ${(err as Error).message}`);
    }
  });
}

/** Opens the configured database for one command and closes it (and the PGlite claim) after. */
async function withDatabase(work: (deps: TwoFactorDeps) => Promise<void>): Promise<void> {
  const config = loadConfig();
  let database;
  let claim: PgliteClaim | undefined;
  try {
    // PGlite admits one process: with the server running this stops here instead of corrupting the data.
    claim = config.databaseUrl ? undefined : await claimPgliteDir(config.dataDir);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
    });
  } catch (err) {
    fail(
      `Could not open the database (${(err as Error).message}). With the embedded database, stop the server first.`,
    );
  }
  try {
    await work({ db: database.db, config, clock: systemClock });
  } finally {
    await database.close();
    await claim?.release();
  }
}

/**
 * `reset-2fa EMAIL`: the way out for a person (admin, escort or client) who lost her phone and her
 * recovery codes, once an administrator checked who she is (docs/operations.md, "Lost second factor").
 * Every factor and session goes and the owner is mailed with a "no fui yo" link.
 */
async function resetTwoFactorCommand(args: string[]): Promise<void> {
  const email = args[0];
  if (!email || !emailSchema.safeParse(email).success) fail('Usage: npm run admin -- reset-2fa <e-mail>');
  await withDatabase(async (deps) => {
    const kinds = ['admin', 'escort', 'client'] as const;
    const found = await Promise.all(kinds.map((kind) => findAccountByEmail(deps.db, email, kind)));
    const account = found.find((row) => row !== undefined);
    if (!account) fail(`No account has the e-mail ${email}.`);
    await resetTwoFactor(deps, { id: account.id, email: account.email });
    const next =
      account.kind === 'admin'
        ? 'the next login at /login-admin enrols a new app'
        : 'the next login asks for the password only';
    process.stdout.write(
      `Two-step login of ${email} cleared, its sessions ended and the owner mailed: ${next}.\n`,
    );
  });
}

// What the commands write under DATA_DIR (the database, rewritten media) is this user's alone.
restrictNewFiles();
const [command, ...rest] = process.argv.slice(2);
if (command === 'create') {
  await create(rest).catch((err: unknown) => fail((err as Error).message));
} else if (command === 'reset-2fa') {
  await resetTwoFactorCommand(rest).catch((err: unknown) => fail((err as Error).message));
} else if (command === 'strip-videos') {
  process.exitCode = await stripVideos().catch((err: unknown) => fail((err as Error).message));
} else {
  process.stdout.write(`${USAGE}\n`);
  if (command && command !== 'help' && command !== '--help' && command !== '-h') process.exit(1);
}
